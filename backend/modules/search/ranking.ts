import type { SearchHit } from '@platform/read-store/read-store.port';

import { SEARCH_LIMITS } from './limits';

const DAY_MS = 86_400_000;

/** A hit's weight: text relevance, decayed by age for posts and answers (members do not age). */
export function weigh(hit: SearchHit, now: number): number {
  if (hit.fields.kind === 'user') return hit.score;
  const at = Date.parse(String(hit.fields.at ?? ''));
  const ageDays = Number.isFinite(at) ? Math.max(0, (now - at) / DAY_MS) : 0;
  return hit.score * 0.5 ** (ageDays / SEARCH_LIMITS.halfLifeDays);
}

/**
 * Hits of every kind in one order: exact username or display-name matches first, then by weight.
 * Ties keep the newer entry first (ids are time-ordered).
 */
export function rank(hits: SearchHit[], isExact: (hit: SearchHit) => boolean, now: number): SearchHit[] {
  return hits
    .map((hit) => ({ hit, exact: isExact(hit), weight: weigh(hit, now) }))
    .sort((a, b) => Number(b.exact) - Number(a.exact) || b.weight - a.weight || (a.hit.id < b.hit.id ? 1 : -1))
    .map((r) => r.hit);
}
