import type { RateLimitRule } from '../../src/platform/rate-limit/rate-limiter.port';

/** Profile saves per member per hour; each can store two pictures on disk. */
export const PROFILE_UPDATES: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };
