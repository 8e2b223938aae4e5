import type { AppConfig } from '../config';
import type { Logger } from '../logging';
import type { RateLimiter } from './rate-limiter.port';
import { ScaledRateLimiter, UnlimitedRateLimiter } from './scaled.rate-limiter';

/**
 * Redis when REDIS_URL is set (the counts must be shared by every API process), else in memory
 * (the embedded profile is one process). Keys live under `<QUEUE_PREFIX>:rl:` beside the job queue's.
 * RATE_LIMITS / RATE_LIMIT_FACTOR apply here, so they reach every limit of the process alike.
 */
export async function openRateLimiter(config: AppConfig, logger: Logger): Promise<RateLimiter> {
  const engine = await openEngine(config, logger);
  const { enabled, factor } = config.rateLimits;
  if (!enabled) {
    logger.warn({ component: 'rate-limit' }, 'RATE_LIMITS=off: no request is rate limited (tests only)');
    return new UnlimitedRateLimiter(engine);
  }
  if (factor !== 1) {
    logger.warn({ component: 'rate-limit', factor }, 'RATE_LIMIT_FACTOR scales every rate limit (tests only)');
    return new ScaledRateLimiter(engine, factor);
  }
  return engine;
}

async function openEngine(config: AppConfig, logger: Logger): Promise<RateLimiter> {
  if (config.redisUrl) {
    const { RedisRateLimiter } = await import('./redis.rate-limiter');
    return new RedisRateLimiter(config.redisUrl, `${config.queuePrefix}:rl`, logger.child({ component: 'rate-limit' }));
  }
  const { MemoryRateLimiter } = await import('./memory.rate-limiter');
  return new MemoryRateLimiter();
}
