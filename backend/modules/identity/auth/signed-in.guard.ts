import { CanActivate, createParamDecorator, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { UserDoc } from '@projections/identity';
import type { FastifyRequest } from 'fastify';

import { IdentityService } from '../identity.service';
import { sessionToken } from './session-cookie';

export interface SignedIn {
  user: UserDoc;
  sessionHash: string;
}

type WithSession = FastifyRequest & { dcSession?: SignedIn | null };

/** Resolves the session once per request and remembers it on the request. */
export async function resolveSession(identity: IdentityService, request: FastifyRequest): Promise<SignedIn | null> {
  const r = request as WithSession;
  if (r.dcSession === undefined) r.dcSession = await identity.sessionUser(sessionToken(request));
  return r.dcSession;
}

/** Routes for signed-in members only: 401 otherwise. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly identity: IdentityService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (await resolveSession(this.identity, request)) return true;
    throw new UnauthorizedException('Not authenticated');
  }
}

/** The signed-in member of this request (use with SignedInGuard). */
export const CurrentSession = createParamDecorator((_: unknown, context: ExecutionContext): SignedIn => {
  const request = context.switchToHttp().getRequest<WithSession>();
  if (!request.dcSession) throw new UnauthorizedException('Not authenticated');
  return request.dcSession;
});

/** The audit metadata of a request: who, and which request. */
export function requestMeta(request: FastifyRequest, actor: string | null = null) {
  return { actor, requestId: String(request.id) };
}
