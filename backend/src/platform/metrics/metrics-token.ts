import { createHash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or the first wrong character of a guess.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header ? BEARER.exec(header)?.[1] : undefined;
  // Compared even without a header, so a missing one takes as long as a wrong one.
  const same = timingSafeEqual(digest(given ?? ''), digest(token));
  return given !== undefined && same;
}
