import type { FastifyReply, FastifyRequest } from 'fastify';

import { CSRF_COOKIE } from './cookie-names';

/**
 * Not HttpOnly: the web app reads it to fill X-CSRF-Token. SameSite=Lax keeps it off cross-site
 * subrequests; Secure whenever the request came over https (X-Forwarded-Proto behind a proxy).
 * No expiry: it lives as long as the browser session, as long as any tab that cached it.
 */
export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
