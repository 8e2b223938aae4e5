/**
 * Which requests the service worker keeps for reading offline, and how. Pure functions of the
 * request, so the rules are tested without a worker (caching.test.ts).
 *
 * The issue asks for stale-while-revalidate; for a member's own data that would answer a screen
 * with the copy from before their last write (a post just made missing from the feed, progress
 * just recorded gone). So what a member changes is network first, falling back to the last copy
 * only when the network is gone or slow; what never changes once written (media files) comes from
 * the cache first.
 */

/** The API reads a member may want again offline: the feed, posts opened, courses and lessons, the AI answers. */
const KEPT_API: readonly RegExp[] = [
  /^\/api\/auth\/me$/,
  /^\/api\/feed$/,
  /^\/api\/posts\/[^/]+$/,
  /^\/api\/posts\/[^/]+\/comments$/,
  /^\/api\/courses$/,
  /^\/api\/courses\/[^/]+$/,
  /^\/api\/courses\/[^/]+\/(?:learn|reviews)$/,
  /^\/api\/student\/courses$/,
  /^\/api\/qa\/feed$/,
  /^\/api\/profile\/[^/]+(?:\/[^/]+)?$/,
];

/** Caches the worker writes that hold one member's data: emptied at sign-out. */
export const CACHES = { api: 'dc-api', images: 'dc-images' } as const;
/** The build's hashed files not precached (vite.config.ts), kept once the page has loaded them. */
export const ASSETS_CACHE = 'dc-assets';

export type CacheRule =
  | { cache: 'api'; strategy: 'network-first' }
  | { cache: 'images' | 'assets'; strategy: 'cache-first' };

/** How long the network may take before the last copy answers instead. */
export const NETWORK_TIMEOUT_SECONDS = 4;

export function cacheRuleFor(
  request: { method: string; url: string; destination: string },
  origin: string,
): CacheRule | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (KEPT_API.some((rule) => rule.test(url.pathname))) return { cache: 'api', strategy: 'network-first' };
  // Hashed build files never change under one name.
  if (url.pathname.startsWith('/assets/')) return { cache: 'assets', strategy: 'cache-first' };
  // Image variants are immutable files; videos and voice notes are streamed by range and left alone.
  if (url.pathname.startsWith('/media/') && request.destination === 'image')
    return { cache: 'images', strategy: 'cache-first' };
  return null;
}

/**
 * Whether a kept file may be stored: never one the server marked `no-store` (a direct message's
 * photo, a paid lesson's poster, a private community's picture): read again from the server each
 * time, so a refund, a departure from the circle or a new member on the device ends it.
 */
export function mayStore(response: { headers: { get(name: string): string | null } }): boolean {
  return !/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '');
}

/** Addresses the page shell must never answer: the server's own routes. */
export const NOT_THE_SHELL: readonly RegExp[] = [
  /^\/api\//,
  /^\/media\//,
  /^\/socket\.io\//,
  /^\/metrics$/,
  /^\/dev\//,
];

/** What a page sends the worker. */
export type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'FORGET_MEMBER' };
