import type { FastifyReply, FastifyRequest } from 'fastify';

import { errorBody } from '../http-error';
import { wantsRawBody } from '../raw-body';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './cookie-names';
import { isValidCsrfToken, sameToken } from './csrf-token';
import { isOneClickUnsubscribe } from './one-click-unsubscribe';
import type { ServerSecret } from './server-secret';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_INVALID = errorBody(403, 'Invalid or missing CSRF token', 'CSRF_INVALID');

/**
 * A Fastify onRequest hook rather than a Nest guard: it runs before the body is read, so a forged
 * request costs no parsing and gets 403 (not 400 or 415) whatever it carries, and it covers every
 * route on the server, including ones Nest does not own (static files, Fastify plugins) and paths
 * that match no route at all. Needs @fastify/cookie's hook to have run first. The token must be
 * bound to the session cookie the request carries (csrf-token.ts).
 */
export function csrfProtection(secret: ServerSecret) {
  return async function checkCsrf(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    // Payment providers' callbacks: verified by their own signatures, never by a browser cookie.
    if (wantsRawBody(request.url)) return;
    // A mail provider's RFC 8058 unsubscribe: no browser either, authenticated by the link's token.
    if (isOneClickUnsubscribe(request)) return;
    const header = request.headers[CSRF_HEADER];
    const cookie = request.cookies[CSRF_COOKIE];
    if (
      typeof header === 'string' &&
      cookie !== undefined &&
      sameToken(header, cookie) &&
      isValidCsrfToken(secret, cookie, request.cookies[SESSION_COOKIE])
    ) {
      return;
    }
    return reply.code(403).header('cache-control', 'no-store').send(CSRF_INVALID);
  };
}
