import type { RateBudget } from '@platform/http';

/**
 * Follow, block and mute calls (and their undoing) per member per hour: plenty for people, a wall for
 * follow-spam bots (RateLimitGuard; README "Rate limits").
 */
export const RELATIONSHIP_BUDGET = {
  name: 'relationships',
  member: { limit: 400, windowMs: 60 * 60_000 },
  ip: { limit: 2000, windowMs: 60 * 60_000 },
} as const satisfies RateBudget;

/**
 * People you may know (GET /api/users/suggestions): how many are answered, and how much of the graph
 * one request reads, so its cost stays flat however many members and follows there are.
 */
export const SUGGESTION_LIMITS = {
  max: 20,
  default: 10,
  /** The newest members the viewer follows whose own follows are read (one getMany of circles). */
  sources: 100,
  /** The newest follows of each of them that are counted. */
  perSource: 300,
  /** Candidates with the most followers-in-common whose profiles are read and ranked by followers. */
  pool: 200,
  /** Members named in a reason ("Followed by Amina, Bilal and 2 others"). */
  named: 2,
  /** The most followed members are read this many at a time, for at most `popularPages` pages (and `cityPages` of the viewer's city). */
  popularPage: 50,
  popularPages: 4,
  cityPages: 2,
  /** Teachers with published courses suggested after the followed-by ones (so the city's still show), from `teacherPages` pages. */
  teachers: 3,
  teacherPages: 2,
} as const;

export const SUGGESTION_MESSAGES = {
  badLimit: `limit must be a whole number from 1 to ${SUGGESTION_LIMITS.max}`,
} as const;

/** Suggestions are computed per request: far above what the search screen asks, far below a scraper. */
export const SUGGESTIONS_BUDGET = {
  name: 'suggestions',
  member: { limit: 60, windowMs: 60_000 },
  ip: { limit: 300, windowMs: 60_000 },
} as const satisfies RateBudget;
