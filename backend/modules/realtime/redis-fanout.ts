import IORedis from 'ioredis';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server } from 'socket.io';
import type { AppConfig } from '../../src/platform/config';
import type { Logger } from '../../src/platform/logging';

/**
 * Puts the socket.io Redis adapter under an io server: an emit to a room reaches that room's
 * sockets on every instance, including from an io server with no sockets at all (a projections
 * process). The adapter needs a publishing and a subscribing connection of its own.
 */
export async function useRedisFanout(io: Server, config: AppConfig, logger: Logger): Promise<() => Promise<void>> {
  const pub = new IORedis(config.redisUrl!, { maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err) => logger.warn({ err }, 'realtime Redis connection error'));
  io.adapter(createAdapter(pub, sub, { key: `${config.queuePrefix}:socket.io` }));
  return async () => {
    await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
  };
}
