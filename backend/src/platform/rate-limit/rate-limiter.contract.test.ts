import { randomBytes } from 'node:crypto';

import { silentLogger } from '../logging';
import { redisReachable, TEST_REDIS_URL } from '../testing/services';
import { deleteRedisKeys } from '../testing/shared-stores';
import { MemoryRateLimiter } from './memory.rate-limiter';
import { RedisRateLimiter } from './redis.rate-limiter';
import { describeRateLimiterContract } from './testing/rate-limiter.contract';

describeRateLimiterContract('memory', async () => new MemoryRateLimiter());

if (redisReachable()) {
  describeRateLimiterContract('redis', async () => {
    // A prefix of its own per test: runs never see each other's counts, and its keys are removed after.
    const prefix = `dc-test-rl-${randomBytes(4).toString('hex')}`;
    const limiter = new RedisRateLimiter(TEST_REDIS_URL, prefix, silentLogger);
    return Object.assign(limiter, {
      async dispose() {
        await limiter.close();
        await deleteRedisKeys(TEST_REDIS_URL, prefix);
      },
    });
  });
}
