import type { RateBudget } from '@platform/http';

/** Spec part 2 §2, §3, §9 and issue 15: how much search reads and answers. */
export const SEARCH_LIMITS = {
  /** Longer text is refused rather than cut: a cut query would find something else than was asked. */
  textMax: 200,
  resultsMax: 50,
  /** Candidates read from the index per kind: enough that filtering (blocks, status) still fills a page. */
  candidates: { user: 40, post: 120, answer: 60 },
  /**
   * Posts and answers are ranked among this many newest matches of the text: with relevance
   * halving every 30 days, older matches of a common word would not reach the page anyway, and
   * the cost of a query stays flat as posts accumulate.
   */
  newestMatches: 1000,
  /** A post's relevance halves after this many days (recency in ranking). */
  halfLifeDays: 30,
  /** People shown as the member types (GET /api/search/people): by default and at most. */
  people: { default: 8, max: 20 },
} as const;

export const SEARCH_MESSAGES = {
  textTooLong: `Search text must be ${SEARCH_LIMITS.textMax} characters or less`,
  textNotString: 'Search text must be text',
  badLimit: `limit must be a whole number from 1 to ${SEARCH_LIMITS.resultsMax}`,
  badPeopleLimit: `limit must be a whole number from 1 to ${SEARCH_LIMITS.people.max}`,
} as const;

/**
 * Rate budget of search (RateLimitGuard; README "Rate limits"): the search box asks 300 ms after the
 * last keystroke, so even a fast typer stays far below it.
 */
export const SEARCH_BUDGET = {
  name: 'search',
  member: { limit: 120, windowMs: 60_000 },
  ip: { limit: 600, windowMs: 60_000 },
} as const satisfies RateBudget;

/**
 * People as the member types (GET /api/search/people): a request per pause in typing (250 ms), so
 * a budget of its own, above the search's, that a person typing names never reaches.
 */
export const PEOPLE_SEARCH_BUDGET = {
  name: 'people-search',
  member: { limit: 300, windowMs: 60_000 },
  ip: { limit: 1500, windowMs: 60_000 },
} as const satisfies RateBudget;
