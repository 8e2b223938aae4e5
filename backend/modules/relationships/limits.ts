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
