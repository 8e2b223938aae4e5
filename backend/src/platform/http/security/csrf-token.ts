import { randomBytes, timingSafeEqual } from 'node:crypto';

import type { ServerSecret } from './server-secret';

const PURPOSE = 'csrf';
const TOKEN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/**
 * What a token is bound to: the session cookie's value (dc.sid), or no session at all. A token made
 * for one session is refused with any other, and a guest's with any session, so a dc.csrf pair
 * minted in another browser (or planted before sign-in) is worth nothing beside a member's dc.sid.
 * The cookie's value is used as sent, valid or not: the check runs before any handler, with no
 * store to ask, and a stale session merely gets a token nobody else can use.
 */
function binding(sessionId: string | undefined): string {
  return sessionId ? `session:${sessionId}` : 'guest';
}

/**
 * Signed, session-bound double-submit token: 256 random bits and their HMAC, under the server
 * secret, together with what the token is bound to. The signature is what a plain double-submit
 * cookie lacks: an attacker who can plant a cookie (a sibling subdomain, a man-in-the-middle on
 * http) still cannot mint a token this server accepts for the victim's session.
 */
export function issueCsrfToken(secret: ServerSecret, sessionId: string | undefined): string {
  const nonce = randomBytes(32).toString('base64url');
  return `${nonce}.${secret.sign(PURPOSE, `${nonce}.${binding(sessionId)}`)}`;
}

/** Whether token was issued by this server for this session (or for no session, when sessionId is undefined). */
export function isValidCsrfToken(
  secret: ServerSecret,
  token: string | undefined,
  sessionId: string | undefined,
): token is string {
  const [, nonce, mac] = (typeof token === 'string' ? TOKEN.exec(token) : null) ?? [];
  return nonce !== undefined && mac !== undefined && secret.verify(PURPOSE, `${nonce}.${binding(sessionId)}`, mac);
}

/** The header must repeat the cookie exactly: only same-site script can read the cookie. */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
