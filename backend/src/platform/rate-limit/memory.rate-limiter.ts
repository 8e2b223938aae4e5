import {
  assertRule,
  type RateLimiter,
  type RateLimitResult,
  type RateLimitRule,
  secondsUntil,
} from './rate-limiter.port';

interface Log {
  /** Times of the allowed hits still inside the window, oldest first. */
  hits: number[];
  windowMs: number;
}

const SWEEP_EVERY_MS = 60_000;

/** Sliding window log in this process's memory: for the embedded profile and tests. */
export class MemoryRateLimiter implements RateLimiter {
  readonly engine = 'memory' as const;
  private readonly logs = new Map<string, Log>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Keys that are never hit again would otherwise stay forever (one per client IP seen).
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    assertRule(key, rule);
    const now = this.now();
    const log = this.current(key, rule, now);
    if (log.hits.length >= rule.limit) return this.refused(log, now);
    log.hits.push(now);
    this.logs.set(key, log);
    return { allowed: true, remaining: rule.limit - log.hits.length, retryAfterSeconds: 0 };
  }

  async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    assertRule(key, rule);
    const now = this.now();
    const log = this.current(key, rule, now);
    if (log.hits.length >= rule.limit) return this.refused(log, now);
    return { allowed: true, remaining: rule.limit - log.hits.length, retryAfterSeconds: 0 };
  }

  async reset(key: string): Promise<void> {
    this.logs.delete(key);
  }

  /** Keys currently remembered (tests check that idle keys are swept). */
  get size(): number {
    return this.logs.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.logs.clear();
  }

  /** The key's hits still inside the window ending now. */
  private current(key: string, rule: RateLimitRule, now: number): Log {
    const log = this.logs.get(key) ?? { hits: [], windowMs: rule.windowMs };
    log.windowMs = rule.windowMs;
    const start = now - rule.windowMs;
    let expired = 0;
    for (const hit of log.hits) {
      if (hit > start) break;
      expired++;
    }
    if (expired) log.hits.splice(0, expired);
    return log;
  }

  private refused(log: Log, now: number): RateLimitResult {
    // Refused with no hit logged only when the limit is 0: then a whole window must pass.
    const oldest = log.hits[0] ?? now;
    return { allowed: false, remaining: 0, retryAfterSeconds: secondsUntil(oldest + log.windowMs - now) };
  }

  private sweep() {
    const now = this.now();
    for (const [key, log] of this.logs) {
      const newest = log.hits[log.hits.length - 1];
      if (newest === undefined || newest <= now - log.windowMs) this.logs.delete(key);
    }
  }
}
