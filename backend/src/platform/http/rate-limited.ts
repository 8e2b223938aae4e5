import type { RateLimiter, RateLimitResult, RateLimitRule } from '@platform/rate-limit/rate-limiter.port';

import { ApiError } from './api-error';
import { errorBody } from './http-error';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

/** 429 with Retry-After, rendered by the error filter. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, errorBody(429, RATE_LIMITED_MESSAGE, 'RATE_LIMITED'), { 'retry-after': String(retryAfterSeconds) });
  }
}

/** Counts one attempt under key; throws RateLimitedError when the rule refuses it. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const result = await limiter.hit(key, rule);
  if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds);
  return result;
}

/**
 * Throws RateLimitedError when key is already at its limit, without counting: for limits on
 * failures (check before trying, `hit` only when the attempt fails, `reset` when it succeeds).
 */
export async function assertNotRateLimited(limiter: RateLimiter, key: string, rule: RateLimitRule): Promise<void> {
  const result = await limiter.peek(key, rule);
  if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds);
}
