import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

import type { RateLimiter } from '../../rate-limit/rate-limiter.port';
import { RATE_LIMITER, REQUEST_MEMBER } from '../../tokens';
import { clientAddressKey } from '../client-address';
import { RateLimitedError } from '../rate-limited';
import { budgetFor, RATE_BUDGET, type RateBudget } from './rate-budget';
import type { RequestMember } from './request-member';

/**
 * The one place every route's budget is enforced (a global guard, so it runs before the route's own
 * guards, pipes and handler): a write or a route with a declared budget counts one hit against its
 * IP address (an IPv6 address by its /64: clientAddressKey) and, when signed in, its member; either
 * over budget answers 429 with Retry-After.
 * Counts live in the rate limiter, i.e. in Redis and shared by every API process when REDIS_URL is set.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private members: RequestMember | null | undefined;

  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const declared = this.reflector.getAllAndOverride<RateBudget | undefined>(RATE_BUDGET, [
      context.getHandler(),
      context.getClass(),
    ]);
    const budget = budgetFor(declared, request.method);
    if (!budget) return true;
    const member = await this.memberOf(request);
    const hits = [this.limiter.hit(`budget:${budget.name}:ip:${clientAddressKey(request.ip)}`, budget.ip)];
    if (member) hits.push(this.limiter.hit(`budget:${budget.name}:member:${member}`, budget.member));
    const refused = (await Promise.all(hits)).filter((r) => !r.allowed);
    if (refused.length) throw new RateLimitedError(Math.max(...refused.map((r) => r.retryAfterSeconds)));
    return true;
  }

  /** Identity says who is signed in; an app without it (tests of the platform alone) counts by IP only. */
  private memberOf(request: FastifyRequest): Promise<string | null> {
    if (this.members === undefined) {
      try {
        this.members = this.moduleRef.get<RequestMember>(REQUEST_MEMBER, { strict: false });
      } catch {
        this.members = null;
      }
    }
    return this.members ? this.members.memberId(request) : Promise.resolve(null);
  }
}
