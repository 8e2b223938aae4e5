import { createAdapter } from '@socket.io/redis-adapter';
import IORedis from 'ioredis';
import type { Server } from 'socket.io';

import type { AppConfig } from '../../src/platform/config';
import type { Logger } from '../../src/platform/logging';

/**
 * Puts the socket.io Redis adapter under an io server: an emit to a room reaches that room's
 * sockets on every instance, including from an io server with no sockets at all (a projections
 * process). The adapter needs a publishing and a subscribing connection of its own.
 */
export async function useRedisFanout(io: Server, config: AppConfig, logger: Logger): Promise<() => Promise<void>> {
  // Commands issued in the same tick (a batch's pushes) leave in one write; a subscriber sends none.
  const pub = new IORedis(config.redisUrl!, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const sub = pub.duplicate({ enableAutoPipelining: false });
  for (const client of [pub, sub]) client.on('error', (err) => logger.warn({ err }, 'realtime Redis connection error'));
  // The adapter fires its PUBLISHes and forgets them: one failing (Redis gone, or the connection
  // closing on shutdown with commands still queued) must be logged, not crash the process.
  const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
  pub.publish = ((...args: unknown[]) => {
    const sent = publish(...args);
    sent.catch((err: unknown) => logger.warn({ err }, 'realtime push not published'));
    return sent;
  }) as typeof pub.publish;
  io.adapter(createAdapter(pub, sub, { key: `${config.queuePrefix}:socket.io` }));
  return async () => {
    await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
  };
}
