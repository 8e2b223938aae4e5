import { type IdentityService, isStaff, resolveSession } from '@modules/identity';
import { type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import type { FastifyRequest } from 'fastify';

/**
 * What the learning module's staff guards decide before a body is read: a guest 401, a member 403
 * with the route's own message (whatever they sent), moderators and admins through.
 */
export async function admitStaff(identity: IdentityService, context: ExecutionContext, forbidden: string) {
  const session = await resolveSession(identity, context.switchToHttp().getRequest<FastifyRequest>());
  if (!session) throw new UnauthorizedException('Not authenticated');
  if (!isStaff(session.user.role)) throw new DomainError('FORBIDDEN', forbidden, 403);
  return true;
}
