import { SESSION_COOKIE } from '@platform/http/security/cookie-names';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { NewSession } from '../identity.service';

export { SESSION_COOKIE };

/**
 * HttpOnly, SameSite=Lax, Secure behind https. "Remember me" keeps the cookie 30 days; otherwise it
 * is a browser-session cookie and the server's own 24 h limit applies.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(session.remember ? { expires: new Date(session.expiresAt) } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export const sessionToken = (request: FastifyRequest): string | undefined => request.cookies?.[SESSION_COOKIE];
