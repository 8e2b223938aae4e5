import { randomBytes } from 'node:crypto';

import IORedis from 'ioredis';
import { Server } from 'socket.io';

import { loadConfig } from '../../src/platform/config';
import { type Logger, silentLogger } from '../../src/platform/logging';
import { redisReachable, TEST_REDIS_URL } from '../../src/platform/testing/services';
import { useRedisFanout } from './redis-fanout';

if (redisReachable()) {
  describe('Redis fan-out', () => {
    it('logs a push it could not publish instead of crashing the process', async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: `dc-test-fanout-${randomBytes(4).toString('hex')}`,
      });
      const warnings: string[] = [];
      const logger = Object.assign(Object.create(silentLogger), {
        warn: (_: unknown, msg: string) => void warnings.push(msg),
      }) as Logger;
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      const io = new Server();
      try {
        const close = await useRedisFanout(io, config, logger);
        // Shutdown closes the connections while a push is still being handed over.
        const closing = close();
        io.to('user:someone').emit('notification', { unreadCount: 1 });
        await closing;
        io.to('user:someone').emit('notification', { unreadCount: 2 });
        await new Promise((r) => setTimeout(r, 100));
        expect(unhandled).toEqual([]);
        expect(warnings).toContain('realtime push not published');
      } finally {
        process.off('unhandledRejection', onUnhandled);
        // Not io.close(): its adapter would unsubscribe on the connection closed above (an io
        // server without an HTTP server has no engine to close either).
      }
    });

    it("answers the adapter's subscriptions before a shutdown soon after start closes their connection", async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: `dc-test-fanout-${randomBytes(4).toString('hex')}`,
      });
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      const duplicate = jest.spyOn(IORedis.prototype, 'duplicate');
      try {
        const close = await useRedisFanout(new Server(), config, silentLogger);
        const sub = duplicate.mock.results[0]!.value as IORedis;
        // The moment that lost them: connected, its handshake under way, SUBSCRIBEs still queued.
        if (sub.status === 'connecting') await new Promise((resolve) => sub.once('connect', resolve));
        await close();
        await new Promise((r) => setTimeout(r, 100));
        expect(unhandled).toEqual([]);
        expect(sub.status).toBe('end');
      } finally {
        duplicate.mockRestore();
        process.off('unhandledRejection', onUnhandled);
      }
    });
  });
}
