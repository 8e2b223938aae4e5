import type { AppConfig } from '../config';
import type { Logger } from '../logging';
import { InProcessReadModelChanges } from './in-process.read-model-changes';
import type { ReadModelChanges } from './read-model-changes.port';

/**
 * Redis when REDIS_URL is set (every process of the deployment shares one channel, beside the
 * queue's keys under QUEUE_PREFIX), else in-process (the embedded profile is one process).
 */
export async function openReadModelChanges(config: AppConfig, logger: Logger): Promise<ReadModelChanges> {
  if (config.redisUrl) {
    const { RedisReadModelChanges } = await import('./redis.read-model-changes');
    return new RedisReadModelChanges(config.redisUrl, config.queuePrefix, logger.child({ component: 'read-models' }));
  }
  return new InProcessReadModelChanges();
}
