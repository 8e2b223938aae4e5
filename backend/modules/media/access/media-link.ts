/**
 * Short-lived links to one media item for one member: `?m=<memberId>&exp=<unix seconds>&sig=<mac>`,
 * the MAC (HMAC-SHA256 under the server secret's `media-link` key) over the three. A link only says
 * who asked and until when: serving still checks, at every request, that this member may see it.
 */

/** No link lives longer (the spec of paid content: a leaked link is worth minutes, not days). */
export const MEDIA_LINK_MAX_SECONDS = 15 * 60;
/** Clocks of several API processes disagree a little; a link from a process ahead is still ours. */
const CLOCK_SKEW_SECONDS = 60;
const PURPOSE = 'media-link';

/** The signing half of the server secret (platform's ServerSecret). */
export interface LinkSigner {
  sign(purpose: string, data: string): string;
  verify(purpose: string, data: string, mac: string): boolean;
}

export interface MediaLink {
  memberId: string;
  /** Unix seconds. */
  exp: number;
  sig: string;
}

export type LinkCheck = { ok: true; memberId: string } | { ok: false; reason: 'invalid' | 'expired' };

const ID = /^[0-9A-Za-z-]{1,64}$/;
const EXP = /^\d{1,12}$/;
const SIG = /^[A-Za-z0-9_-]{43}$/;

// Ids hold no newline: the three fields cannot be shifted into one another.
const signed = (mediaId: string, memberId: string, exp: number) => `${mediaId}\n${memberId}\n${exp}`;

/** A link to `mediaId` for `memberId` until `exp` (unix seconds). */
export function signMediaLink(signer: LinkSigner, mediaId: string, memberId: string, exp: number): MediaLink {
  return { memberId, exp, sig: signer.sign(PURPOSE, signed(mediaId, memberId, exp)) };
}

/** The link's query string (no leading `?`). */
export const mediaLinkQuery = (link: MediaLink) =>
  `m=${encodeURIComponent(link.memberId)}&exp=${link.exp}&sig=${link.sig}`;

/** `url` carrying the link, after any query it already has. */
export const withMediaLink = (url: string, link: MediaLink) =>
  `${url}${url.includes('?') ? '&' : '?'}${mediaLinkQuery(link)}`;

/**
 * The link a request's query carries: null when it carries none (no `m`, `exp` or `sig`), 'malformed'
 * when it carries part of one or a value no link ever has (a repeated parameter is an array here).
 */
export function readMediaLink(query: Record<string, unknown>): MediaLink | null | 'malformed' {
  const { m, exp, sig } = query;
  if (m === undefined && exp === undefined && sig === undefined) return null;
  if (typeof m !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return 'malformed';
  if (!ID.test(m) || !EXP.test(exp) || !SIG.test(sig)) return 'malformed';
  return { memberId: m, exp: Number(exp), sig };
}

/**
 * Whether the link was signed here for this item and is still current: `invalid` for a MAC that
 * does not match (tampered id, member or expiry) or an expiry no link of ours has, `expired` once
 * `exp` has passed.
 */
export function checkMediaLink(signer: LinkSigner, mediaId: string, link: MediaLink, nowSeconds: number): LinkCheck {
  if (!signer.verify(PURPOSE, signed(mediaId, link.memberId, link.exp), link.sig))
    return { ok: false, reason: 'invalid' };
  if (link.exp > nowSeconds + MEDIA_LINK_MAX_SECONDS + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'invalid' };
  if (link.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, memberId: link.memberId };
}
