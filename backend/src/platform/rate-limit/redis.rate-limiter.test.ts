import { randomBytes } from 'node:crypto';

import IORedis from 'ioredis';

import { silentLogger } from '../logging';
import { redisReachable, TEST_REDIS_URL } from '../testing/services';
import { deleteRedisKeys } from '../testing/shared-stores';
import { RedisRateLimiter } from './redis.rate-limiter';

if (redisReachable()) {
  describe('RedisRateLimiter', () => {
    const prefix = `dc-test-rl-${randomBytes(4).toString('hex')}`;
    let redis: IORedis;

    beforeAll(() => {
      redis = new IORedis(TEST_REDIS_URL);
    });
    afterAll(async () => {
      await redis.quit();
      await deleteRedisKeys(TEST_REDIS_URL, prefix);
    });

    it('keeps its keys under the prefix, expiring one window after the last hit', async () => {
      const limiter = new RedisRateLimiter(TEST_REDIS_URL, prefix, silentLogger);
      await limiter.hit('login:ip:10.0.0.1', { limit: 5, windowMs: 90_000 });
      const ttl = await redis.pttl(`${prefix}:login:ip:10.0.0.1`);
      expect(ttl).toBeGreaterThan(80_000);
      expect(ttl).toBeLessThanOrEqual(90_000);
      await limiter.close();
    });

    it('shares counts between processes using the same prefix', async () => {
      const a = new RedisRateLimiter(TEST_REDIS_URL, prefix, silentLogger);
      const b = new RedisRateLimiter(TEST_REDIS_URL, prefix, silentLogger);
      const rule = { limit: 2, windowMs: 60_000 };
      await a.hit('shared', rule);
      await b.hit('shared', rule);
      expect((await a.hit('shared', rule)).allowed).toBe(false);
      await b.reset('shared');
      expect((await a.hit('shared', rule)).allowed).toBe(true);
      await Promise.all([a.close(), b.close()]);
    });

    it('closes without ever connecting', async () => {
      const idle = new RedisRateLimiter(TEST_REDIS_URL, prefix, silentLogger);
      await expect(idle.close()).resolves.toBeUndefined();
    });
  });
}
