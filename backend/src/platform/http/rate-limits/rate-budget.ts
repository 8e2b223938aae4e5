import { SetMetadata } from '@nestjs/common';

import type { RateLimitRule } from '../../rate-limit/rate-limiter.port';

/**
 * What one kind of request may cost a client: so many per member (when signed in) and so many per
 * IP address (always; higher, since several members may share an address). Routes that declare the
 * same budget share its counts. The numbers are listed in the README ("Rate limits").
 */
export interface RateBudget {
  /** Names the counts (`budget:<name>:member:<id>`, `budget:<name>:ip:<ip>`). */
  name: string;
  member: RateLimitRule;
  ip: RateLimitRule;
}

const MINUTE = 60_000;

/** Every write (POST, PUT, PATCH, DELETE) that declares nothing else. */
export const DEFAULT_WRITE_BUDGET: RateBudget = {
  name: 'writes',
  member: { limit: 120, windowMs: MINUTE },
  ip: { limit: 600, windowMs: MINUTE },
};

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const RATE_BUDGET = 'dc:rate-budget';

/**
 * The budget of a route (or of every route of a controller), enforced by RateLimitGuard. Writes
 * without one get DEFAULT_WRITE_BUDGET; reads without one are not limited.
 */
export const RateLimit = (budget: RateBudget) => SetMetadata(RATE_BUDGET, budget);

/** What a request to a route with `declared` (or nothing) on `method` is counted against. */
export function budgetFor(declared: RateBudget | undefined, method: string): RateBudget | null {
  return declared ?? (WRITE_METHODS.has(method.toUpperCase()) ? DEFAULT_WRITE_BUDGET : null);
}
