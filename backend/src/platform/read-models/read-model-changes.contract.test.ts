import { randomBytes } from 'node:crypto';

import IORedis from 'ioredis';

import { silentLogger } from '../logging';
import { redisReachable, TEST_REDIS_URL } from '../testing/services';
import { ChangeHub, InProcessReadModelChanges } from './in-process.read-model-changes';
import { RedisReadModelChanges } from './redis.read-model-changes';
import { describeReadModelChangesContract } from './testing/read-model-changes.contract';

describeReadModelChangesContract('in-process', async () => {
  const hub = new ChangeHub();
  const [a, b] = [new InProcessReadModelChanges(hub), new InProcessReadModelChanges(hub)];
  return { a, b, dispose: async () => void (await Promise.all([a.close(), b.close()])) };
});

if (redisReachable()) {
  const pairOn = (prefix: string) => {
    const [a, b] = [
      new RedisReadModelChanges(TEST_REDIS_URL, prefix, silentLogger),
      new RedisReadModelChanges(TEST_REDIS_URL, prefix, silentLogger),
    ];
    return { a, b, dispose: async () => void (await Promise.all([a.close(), b.close()])) };
  };
  // A channel of its own per test (pub/sub keeps no keys, so nothing is left to remove).
  describeReadModelChangesContract('redis', async () => pairOn(`dc-test-rm-${randomBytes(4).toString('hex')}`));

  describe('RedisReadModelChanges, a lost connection', () => {
    it('resets the listeners, answers false meanwhile, and is trusted again once subscribed anew', async () => {
      const prefix = `dc-test-rm-${randomBytes(4).toString('hex')}`;
      const { a, b, dispose } = pairOn(prefix);
      const admin = new IORedis(TEST_REDIS_URL);
      try {
        let resets = 0;
        const got: unknown[] = [];
        await b.subscribe({ message: (m) => got.push(m), reset: () => resets++ });
        const before = resets;
        // Drop every subscriber of the channel: what was published meanwhile is lost to them.
        const clients = (await admin.client('LIST')) as string;
        const ids = clients
          .split('\n')
          .filter((l) => /\bsub=1\b/.test(l) && /cmd=(subscribe|ping)/.test(l))
          .map((l) => /\bid=(\d+)/.exec(l)?.[1]);
        const mine = (await admin.pubsub('NUMSUB', `${prefix}:rm:changes`)) as [string, number];
        expect(mine[1]).toBe(1);
        for (const id of ids) if (id) await admin.client('KILL', 'ID', id).catch(() => undefined);
        const deadline = Date.now() + 5000;
        while (resets === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        expect(resets).toBeGreaterThan(before);
        // Back within ioredis's reconnect delay, subscribed anew and trusted again.
        while (!(await b.barrier()) && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 20));
        expect(await b.barrier()).toBe(true);
        await a.publish({ changes: [], progress: [] });
        expect(await b.barrier()).toBe(true);
        expect(got).toHaveLength(1);
      } finally {
        await admin.quit();
        await dispose();
      }
    });
  });
}
