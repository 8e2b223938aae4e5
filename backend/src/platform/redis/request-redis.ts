import IORedis from 'ioredis';

import type { Logger } from '../logging';

/**
 * A Redis connection for request-time calls (rate limits, AI answer receipts). Lazy: a process that
 * never makes such a call (projections, workers) never connects. Few retries and a short connect
 * timeout: a sign-in or a share must fail fast rather than hang while Redis is away.
 */
export function requestRedis(redisUrl: string, logger: Logger, what: string): IORedis {
  const redis = new IORedis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    enableAutoPipelining: true,
  });
  redis.on('error', (err) => logger.warn({ err }, `${what} redis connection error`));
  return redis;
}

/** Closes a connection; one never opened (lazy) is dropped, since quit would connect just to say goodbye. */
export async function closeRedis(redis: IORedis): Promise<void> {
  if (redis.status === 'wait') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}
