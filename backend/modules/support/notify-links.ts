import { createHash, randomBytes } from 'node:crypto';

/**
 * The notify-me links' tokens: `<address key>.<secret>`, so a click loads that one subscriber's
 * stream (as identity's `<userId>.<secret>` links do). Only the secret's holder can act: the stream
 * keeps the token's sha256, never the token.
 */
const TOKEN = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/;

/** The API routes: POST acts (the web app's button, or a mail provider's one-click unsubscribe); GET only reads. */
export const CONFIRM_PATH = '/api/notify/donations-open/confirm';
export const UNSUBSCRIBE_PATH = '/api/notify/donations-open/unsubscribe';

/**
 * The web app's pages the mails link to: a page with a button that POSTs. Mail link scanners
 * (Outlook Safe Links and the like) open every link in a mail; a link that acted by itself would
 * confirm addresses nobody confirmed, and unsubscribe readers who never asked.
 */
export const CONFIRM_PAGE = '/support/notify/confirm';
export const UNSUBSCRIBE_PAGE = '/support/notify/unsubscribe';

export const newLinkToken = (key: string) => `${key}.${randomBytes(32).toString('base64url')}`;

export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The address key a token names, or null for anything not shaped like one of ours. */
export function linkTokenKey(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  return TOKEN.exec(token)?.[1] ?? null;
}

export const linkTo = (publicUrl: string, path: string, token: string) =>
  `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
