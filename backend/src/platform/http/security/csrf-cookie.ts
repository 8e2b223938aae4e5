import type { FastifyReply, FastifyRequest } from 'fastify';

import { CSRF_COOKIE } from './cookie-names';
import { issueCsrfToken } from './csrf-token';
import type { ServerSecret } from './server-secret';
import { isSecureTransport } from './transport';

/**
 * Not HttpOnly: the web app reads it to fill X-CSRF-Token. SameSite=Lax keeps it off cross-site
 * subrequests; Secure on an https-only server or whenever the request came over https.
 * No expiry: it lives as long as the browser session, as long as any tab that cached it.
 */
export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecureTransport(request),
  });
}

/**
 * A new token bound to the session the answer leaves the browser with (its new dc.sid, or none
 * after signing out), set as the cookie: the web app reads the cookie before every write, so it
 * follows without another call. Call wherever the session cookie is set or cleared.
 */
export function rotateCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: ServerSecret,
  sessionId: string | undefined,
): string {
  const token = issueCsrfToken(secret, sessionId);
  setCsrfCookie(request, reply, token);
  return token;
}
