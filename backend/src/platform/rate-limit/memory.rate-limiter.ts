import {
  assertMark,
  assertRule,
  type RateLimiter,
  type RateLimitResult,
  type RateLimitRule,
  type RateLimitTake,
  secondsUntil,
} from './rate-limiter.port';

interface Hit {
  at: number;
  /** Names the hit for giveBack: hits of one millisecond are told apart. */
  ticket: string;
}

interface Log {
  /** The allowed hits still inside the window, oldest first. */
  hits: Hit[];
  windowMs: number;
}

const SWEEP_EVERY_MS = 60_000;

/** Sliding window log in this process's memory: for the embedded profile and tests. */
export class MemoryRateLimiter implements RateLimiter {
  readonly engine = 'memory' as const;
  private readonly logs = new Map<string, Log>();
  /** remember's marks: key to the time they expire. */
  private readonly marks = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;
  private issued = 0;

  constructor(private readonly now: () => number = Date.now) {
    // Keys that are never hit again would otherwise stay forever (one per client IP seen).
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const { ticket: _, ...result } = await this.take(key, rule);
    return result;
  }

  async take(key: string, rule: RateLimitRule): Promise<RateLimitTake> {
    assertRule(key, rule);
    const now = this.now();
    const log = this.current(key, rule, now);
    if (log.hits.length >= rule.limit) return { ...this.refused(log, now), ticket: null };
    const ticket = `m${++this.issued}`;
    log.hits.push({ at: now, ticket });
    this.logs.set(key, log);
    return { allowed: true, remaining: rule.limit - log.hits.length, retryAfterSeconds: 0, ticket };
  }

  async giveBack(key: string, ticket: string): Promise<void> {
    const log = this.logs.get(key);
    const index = log ? log.hits.findIndex((hit) => hit.ticket === ticket) : -1;
    if (index >= 0) log!.hits.splice(index, 1);
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
    this.marks.delete(key);
  }

  async remember(key: string, ttlMs: number): Promise<void> {
    assertMark(key, ttlMs);
    this.marks.set(key, this.now() + ttlMs);
  }

  async recalls(key: string): Promise<boolean> {
    const expires = this.marks.get(key);
    return expires !== undefined && expires > this.now();
  }

  /** Keys currently remembered (tests check that idle keys are swept). */
  get size(): number {
    return this.logs.size + this.marks.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.logs.clear();
    this.marks.clear();
  }

  /** The key's hits still inside the window ending now. */
  private current(key: string, rule: RateLimitRule, now: number): Log {
    const log = this.logs.get(key) ?? { hits: [], windowMs: rule.windowMs };
    log.windowMs = rule.windowMs;
    const start = now - rule.windowMs;
    let expired = 0;
    for (const hit of log.hits) {
      if (hit.at > start) break;
      expired++;
    }
    if (expired) log.hits.splice(0, expired);
    return log;
  }

  private refused(log: Log, now: number): RateLimitResult {
    // Refused with no hit logged only when the limit is 0: then a whole window must pass.
    const oldest = log.hits[0]?.at ?? now;
    return { allowed: false, remaining: 0, retryAfterSeconds: secondsUntil(oldest + log.windowMs - now) };
  }

  private sweep() {
    const now = this.now();
    for (const [key, log] of this.logs) {
      const newest = log.hits[log.hits.length - 1];
      if (newest === undefined || newest.at <= now - log.windowMs) this.logs.delete(key);
    }
    for (const [key, expires] of this.marks) if (expires <= now) this.marks.delete(key);
  }
}
