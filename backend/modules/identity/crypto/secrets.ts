import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable token for a link or a cookie (256 bits). */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** Tokens and session ids are stored only as this hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Link tokens carry the member's id so the command can load that one stream: `<userId>.<secret>`.
 * Returns null for anything not of that shape.
 */
export function splitLinkToken(token: unknown): { userId: string; secret: string } | null {
  if (typeof token !== 'string') return null;
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const [, userId, secret] = m ?? [];
  return userId !== undefined && secret !== undefined ? { userId, secret } : null;
}

export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
