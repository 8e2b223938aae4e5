import { randomBytes } from 'node:crypto';

import type IORedis from 'ioredis';

import type { Logger } from '../logging';
import { closeRedis, requestRedis } from '../redis/request-redis';
import {
  assertMark,
  assertRule,
  type RateLimiter,
  type RateLimitResult,
  type RateLimitRule,
  type RateLimitTake,
  secondsUntil,
} from './rate-limiter.port';
import { SLIDING_WINDOW_LUA } from './sliding-window.lua';

type SlidingWindow = (
  key: string,
  limit: number,
  windowMs: number,
  mode: 'hit' | 'peek',
  member: string,
) => Promise<[allowed: number, remaining: number, waitMs: number, member?: string]>;

/** Sliding window log in Redis, shared by every API process; one Lua script per call keeps it atomic. */
export class RedisRateLimiter implements RateLimiter {
  readonly engine = 'redis' as const;
  private readonly redis: IORedis;
  private readonly slidingWindow: SlidingWindow;

  /** prefix namespaces the keys (`<prefix>:<key>`), so several apps or test runs can share a Redis. */
  constructor(
    redisUrl: string,
    private readonly prefix: string,
    logger: Logger,
  ) {
    this.redis = requestRedis(redisUrl, logger, 'rate limiter');
    this.redis.defineCommand('dcSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
    const command = (this.redis as unknown as { dcSlidingWindow: SlidingWindow }).dcSlidingWindow;
    this.slidingWindow = command.bind(this.redis);
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const { ticket: _, ...result } = await this.run('hit', key, rule);
    return result;
  }

  take(key: string, rule: RateLimitRule): Promise<RateLimitTake> {
    return this.run('hit', key, rule);
  }

  async giveBack(key: string, ticket: string): Promise<void> {
    await this.redis.zrem(this.keyOf(key), ticket);
  }

  async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const { ticket: _, ...result } = await this.run('peek', key, rule);
    return result;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  async remember(key: string, ttlMs: number): Promise<void> {
    assertMark(key, ttlMs);
    await this.redis.set(this.keyOf(key), '1', 'PX', ttlMs);
  }

  async recalls(key: string): Promise<boolean> {
    return (await this.redis.exists(this.keyOf(key))) === 1;
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }

  private async run(mode: 'hit' | 'peek', key: string, rule: RateLimitRule): Promise<RateLimitTake> {
    assertRule(key, rule);
    // Two hits in the same millisecond need distinct set members to both count.
    const member = randomBytes(6).toString('base64url');
    const [allowed, remaining, waitMs, recorded] = await this.slidingWindow(
      this.keyOf(key),
      rule.limit,
      rule.windowMs,
      mode,
      member,
    );
    return allowed === 1
      ? { allowed: true, remaining, retryAfterSeconds: 0, ticket: recorded ?? null }
      : { allowed: false, remaining: 0, retryAfterSeconds: secondsUntil(waitMs), ticket: null };
  }

  private keyOf(key: string) {
    return `${this.prefix}:${key}`;
  }
}
