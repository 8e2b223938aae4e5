/**
 * The rate limiter port: counts attempts per key (an IP, an account, an action) and says whether
 * one more is allowed. Adapters: in-memory (one process) and Redis (shared by every API process),
 * chosen by REDIS_URL like the job queue. Both are held to testing/rate-limiter.contract.ts.
 *
 * Both use a sliding window log: a hit is allowed when fewer than `limit` allowed hits happened in
 * the last `windowMs`. Unlike a fixed window it never lets 2 x limit through around a window
 * boundary, which matters for login and sign-up throttles; the price is one timestamp per allowed
 * hit, at most `limit` per key. Refused hits are not recorded, so a client that keeps hammering is
 * let in again as soon as its oldest allowed hit leaves the window.
 */
export interface RateLimitRule {
  /** Allowed hits per window (a whole number, at least 1). */
  limit: number;
  /** Window length in milliseconds (a whole number, at least 1). */
  windowMs: number;
}

export interface RateLimitResult {
  /** hit: this attempt was counted and may go on. peek: a hit now would be allowed. */
  allowed: boolean;
  /** Hits still allowed in the current window after this call. */
  remaining: number;
  /** Whole seconds until a hit is allowed again (at least 1 when refused), 0 when allowed. */
  retryAfterSeconds: number;
}

/** What take answers: hit's answer and, when the attempt was recorded, the ticket that names it. */
export interface RateLimitTake extends RateLimitResult {
  /** Hands this one attempt back with giveBack; null when refused (nothing was recorded). */
  ticket: string | null;
}

export interface RateLimiter {
  /** Engine name: 'memory' | 'redis'. */
  readonly engine: string;
  /**
   * Records one attempt under key when the rule allows it. A key belongs to one rule: use
   * distinct keys (e.g. `login:ip:<ip>`, `login:account:<id>`) for distinct rules.
   */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** What hit would answer, without recording anything. */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /**
   * hit that names the attempt it records, so that it can be handed back: a reservation taken
   * atomically before slow work (checking a password), kept if the work fails, given back if not.
   * Concurrent takes can never get more than limit through, unlike peek-then-hit.
   */
  take(key: string, rule: RateLimitRule): Promise<RateLimitTake>;
  /**
   * Removes the one attempt take recorded under key with ticket. A ticket already given back,
   * expired, forgotten by reset, or of another key changes nothing.
   */
  giveBack(key: string, ticket: string): Promise<void>;
  /** Forgets every attempt under key (e.g. after a successful login), and what remember kept there. */
  reset(key: string): Promise<void>;
  /**
   * Keeps a mark under key for ttlMs from now (again: from now), beside the counts: for what a limit
   * must recall rather than count, e.g. the addresses a member has signed in from. A key holds
   * either a mark or counts, never both.
   */
  remember(key: string, ttlMs: number): Promise<void>;
  /** Whether key holds a mark that has not expired. */
  recalls(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export function assertRule(key: string, rule: RateLimitRule): void {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError('A rate limit key must be a non-empty string');
  if (!Number.isSafeInteger(rule.limit) || rule.limit < 1) {
    throw new TypeError(`Rate limit must be a whole number of at least 1, got ${rule.limit}`);
  }
  if (!Number.isSafeInteger(rule.windowMs) || rule.windowMs < 1) {
    throw new TypeError(`Rate limit windowMs must be a whole number of at least 1, got ${rule.windowMs}`);
  }
}

export function assertMark(key: string, ttlMs: number): void {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError('A rate limit key must be a non-empty string');
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1) {
    throw new TypeError(`A mark's ttlMs must be a whole number of at least 1, got ${ttlMs}`);
  }
}

/** Seconds until the oldest counted hit leaves the window; never 0 for a refusal. */
export function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
