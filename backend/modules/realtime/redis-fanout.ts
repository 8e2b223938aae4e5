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
  // The adapter sends its SUBSCRIBEs on construction and never handles their replies. Sent while the
  // connection is still in its handshake they wait in ioredis' offline queue, and a QUIT then (a
  // shutdown soon after start) is written at once, overtakes them, and they are rejected as
  // "Connection is closed" with nobody listening: an unhandled rejection. Subscribing on a ready
  // connection puts every later QUIT behind them. Start waits for Redis anyway (the job workers do).
  await ready(sub);
  io.adapter(createAdapter(pub, sub, { key: `${config.queuePrefix}:socket.io` }));
  return async () => {
    await Promise.all([pub.quit().catch(() => undefined), closeSubscriber(sub)]);
  };
}

function ready(client: IORedis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => client.once('ready', () => resolve()));
}

/**
 * QUIT lets Redis answer the subscriptions sent before it. A subscriber that is not ready
 * (reconnecting) is dropped instead: a QUIT in its handshake would overtake the resubscription
 * ioredis sends once ready, which nobody awaits either.
 */
async function closeSubscriber(client: IORedis): Promise<void> {
  if (client.status !== 'ready') return client.disconnect();
  await client.quit().catch(() => client.disconnect());
}
