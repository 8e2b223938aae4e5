import { randomBytes, timingSafeEqual } from 'node:crypto';

import type { ServerSecret } from './server-secret';

const PURPOSE = 'csrf';
const TOKEN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed double-submit token: 256 random bits and their HMAC under the server secret. The signature
 * is what a plain double-submit cookie lacks: an attacker who can plant a cookie (a sibling
 * subdomain, a man-in-the-middle on http) still cannot mint a token this server accepts.
 */
export function issueCsrfToken(secret: ServerSecret): string {
  const nonce = randomBytes(32).toString('base64url');
  return `${nonce}.${secret.sign(PURPOSE, nonce)}`;
}

export function isValidCsrfToken(secret: ServerSecret, token: string | undefined): token is string {
  const [, nonce, mac] = (typeof token === 'string' ? TOKEN.exec(token) : null) ?? [];
  return nonce !== undefined && mac !== undefined && secret.verify(PURPOSE, nonce, mac);
}

/** The header must repeat the cookie exactly: only same-site script can read the cookie. */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
