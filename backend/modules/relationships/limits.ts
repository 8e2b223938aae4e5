import type { RateLimitRule } from '../../src/platform/rate-limit/rate-limiter.port';

/** Follow, block and mute calls per member per hour: plenty for people, a wall for follow-spam bots. */
export const RELATIONSHIP_ACTIONS: RateLimitRule = { limit: 400, windowMs: 60 * 60_000 };
