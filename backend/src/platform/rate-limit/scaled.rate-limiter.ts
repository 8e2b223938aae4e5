import type { RateLimiter, RateLimitResult, RateLimitRule, RateLimitTake } from './rate-limiter.port';

/**
 * Multiplies every rule's limit by factor (RATE_LIMIT_FACTOR), keeping at least one hit per window:
 * load and property tests raise the limits, the route-coverage test lowers them to one.
 */
export class ScaledRateLimiter implements RateLimiter {
  constructor(
    private readonly inner: RateLimiter,
    private readonly factor: number,
  ) {}

  get engine() {
    return this.inner.engine;
  }

  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    return this.inner.hit(key, this.scaled(rule));
  }

  peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    return this.inner.peek(key, this.scaled(rule));
  }

  take(key: string, rule: RateLimitRule): Promise<RateLimitTake> {
    return this.inner.take(key, this.scaled(rule));
  }

  giveBack(key: string, ticket: string): Promise<void> {
    return this.inner.giveBack(key, ticket);
  }

  reset(key: string): Promise<void> {
    return this.inner.reset(key);
  }

  remember(key: string, ttlMs: number): Promise<void> {
    return this.inner.remember(key, ttlMs);
  }

  recalls(key: string): Promise<boolean> {
    return this.inner.recalls(key);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private scaled(rule: RateLimitRule): RateLimitRule {
    return { limit: Math.max(1, Math.round(rule.limit * this.factor)), windowMs: rule.windowMs };
  }
}

/** RATE_LIMITS=off: every hit allowed, nothing counted (property and load tests only). */
export class UnlimitedRateLimiter implements RateLimiter {
  constructor(private readonly inner: RateLimiter) {}

  get engine() {
    return this.inner.engine;
  }

  async hit(_key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    return { allowed: true, remaining: rule.limit, retryAfterSeconds: 0 };
  }

  peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    return this.hit(key, rule);
  }

  async take(key: string, rule: RateLimitRule): Promise<RateLimitTake> {
    return { ...(await this.hit(key, rule)), ticket: null };
  }

  async giveBack(): Promise<void> {}

  async reset(): Promise<void> {}

  /** Marks are not limits: they are kept, so that what reads them behaves as in production. */
  remember(key: string, ttlMs: number): Promise<void> {
    return this.inner.remember(key, ttlMs);
  }

  recalls(key: string): Promise<boolean> {
    return this.inner.recalls(key);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
