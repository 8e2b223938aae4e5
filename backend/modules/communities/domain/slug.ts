import { randomBytes } from 'node:crypto';

import { COMMUNITY_LIMITS } from '../limits';

/** A slug: lower-case Latin letters, digits and single dashes, 3 to 40 long. */
export const SLUG = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}$/;

/**
 * A slug made from a name; a name with too few Latin letters or digits (an Arabic name, say) gets
 * a short random one, which the owner may replace by giving their own.
 */
export function slugFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, COMMUNITY_LIMITS.slugMax - 7)
    .replace(/-+$/g, '');
  const suffix = randomBytes(3).toString('hex');
  return base.length >= COMMUNITY_LIMITS.slugMin ? `${base}-${suffix}` : `community-${suffix}`;
}
