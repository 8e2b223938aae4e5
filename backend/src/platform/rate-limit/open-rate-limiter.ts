import type { AppConfig } from '../config';
import type { Logger } from '../logging';
import type { RateLimiter } from './rate-limiter.port';

/**
 * Redis when REDIS_URL is set (the counts must be shared by every API process), else in memory
 * (the embedded profile is one process). Keys live under `<QUEUE_PREFIX>:rl:` beside the job queue's.
 */
export async function openRateLimiter(config: AppConfig, logger: Logger): Promise<RateLimiter> {
  if (config.redisUrl) {
    const { RedisRateLimiter } = await import('./redis.rate-limiter');
    return new RedisRateLimiter(config.redisUrl, `${config.queuePrefix}:rl`, logger.child({ component: 'rate-limit' }));
  }
  const { MemoryRateLimiter } = await import('./memory.rate-limiter');
  return new MemoryRateLimiter();
}
