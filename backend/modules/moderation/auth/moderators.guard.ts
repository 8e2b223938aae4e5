import { isStaff, resolveSession, type Role } from '@modules/identity';
import { IdentityService } from '@modules/identity';
import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import type { FastifyRequest } from 'fastify';

import { MODERATION_MESSAGES as M } from '../limits';

/** Signs the request in like SignedInGuard (401 for guests), then lets only these roles through (403). */
async function admit(
  identity: IdentityService,
  context: ExecutionContext,
  roles: (role: Role) => boolean,
  message: string,
) {
  const session = await resolveSession(identity, context.switchToHttp().getRequest<FastifyRequest>());
  if (!session) throw new UnauthorizedException('Not authenticated');
  if (!roles(session.user.role)) throw new DomainError('FORBIDDEN', message, 403);
  return true;
}

/** Every /api/admin moderation route: moderators and admins. */
@Injectable()
export class ModeratorsGuard implements CanActivate {
  constructor(private readonly identity: IdentityService) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    return admit(this.identity, context, isStaff, M.moderatorsOnly);
  }
}

/** Routes that change how the whole app runs (a projection rebuild): admins only. */
@Injectable()
export class AdminsGuard implements CanActivate {
  constructor(private readonly identity: IdentityService) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    return admit(this.identity, context, (role) => role === 'admin', M.adminsOnly);
  }
}
