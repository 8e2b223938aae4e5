import type { RateLimiter, RateLimitResult } from '@platform/rate-limit';

import type { Runtime } from '../runtime';

const ALLOWED: RateLimitResult = { allowed: true, remaining: 1_000_000, retryAfterSeconds: 0 };

/**
 * Lets every request of a running app through its rate limits, for suites that send hundreds of
 * requests from one address and one account to check something else (authorisation, hostile
 * input). The app's limiter is one shared instance (RATE_LIMITER), so this reaches every route;
 * the limits themselves are held by their own suites.
 */
export function unlimited(runtime: Runtime): void {
  const limiter: RateLimiter = runtime.rateLimiter;
  limiter.hit = async () => ALLOWED;
  limiter.peek = async () => ALLOWED;
  limiter.take = async () => ({ ...ALLOWED, ticket: null });
  limiter.giveBack = async () => {};
}
