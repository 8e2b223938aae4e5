import { IdentityService, resolveSession } from '@modules/identity';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { FastifyRequest } from 'fastify';

import { SUPPORT_MESSAGES as M } from '../limits';

/** The admin routes: a guest is 401, any role but admin 403, both before the body is looked at. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly identity: IdentityService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const session = await resolveSession(this.identity, context.switchToHttp().getRequest<FastifyRequest>());
    if (!session) throw new UnauthorizedException('Not authenticated');
    if (session.user.role !== 'admin') throw new DomainError('FORBIDDEN', M.adminsOnly, 403);
    return true;
  }
}
