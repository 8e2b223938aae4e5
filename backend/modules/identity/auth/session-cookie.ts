import { isSecureTransport, rotateCsrfToken, type ServerSecret } from '@platform/http';
import { SESSION_COOKIE } from '@platform/http/security/cookie-names';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { NewSession } from '../domain/sessions';

export { SESSION_COOKIE };

/**
 * HttpOnly, SameSite=Lax, Secure in production (or behind https). "Remember me" keeps the cookie
 * 30 days; otherwise it is a browser-session cookie and the server's own 24 h limit applies.
 * The CSRF token is bound to the session cookie, so a new one goes out with it: the old token (a
 * guest's, or another session's) is refused from now on.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
  secret: ServerSecret,
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureTransport(request),
    ...(session.remember ? { expires: new Date(session.expiresAt) } : {}),
  });
  rotateCsrfToken(request, reply, secret, session.token);
}

/**
 * Signs the browser out: no session cookie, and a guest's CSRF token in place of the member's. A
 * browser that sent no session cookie keeps its token: it is a guest's already.
 */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, secret: ServerSecret) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureTransport(request),
  });
  if (sessionToken(request)) rotateCsrfToken(request, reply, secret, undefined);
}

export const sessionToken = (request: FastifyRequest): string | undefined => request.cookies?.[SESSION_COOKIE];
