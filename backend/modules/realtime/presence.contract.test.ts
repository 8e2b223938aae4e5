import { randomBytes } from 'node:crypto';

import IORedis from 'ioredis';

import { redisReachable, TEST_REDIS_URL } from '../../src/platform/testing/services';
import { MemoryPresence } from './memory.presence';
import type { Presence } from './presence';
import { RedisPresence } from './redis.presence';

const adapters: [string, () => { presence: Presence; twin?: () => Presence; cleanup(): Promise<void> }][] = [
  ['memory', () => ({ presence: new MemoryPresence(), cleanup: async () => undefined })],
];
if (redisReachable()) {
  adapters.push([
    'redis',
    () => {
      const prefix = `dc-test-presence-${randomBytes(4).toString('hex')}`;
      const made: Presence[] = [];
      const make = () => {
        const p = new RedisPresence(new IORedis(TEST_REDIS_URL), prefix);
        made.push(p);
        return p;
      };
      return {
        presence: make(),
        twin: make,
        cleanup: async () => {
          const redis = new IORedis(TEST_REDIS_URL);
          const keys = await redis.keys(`${prefix}:*`);
          if (keys.length) await redis.del(...keys);
          await redis.quit();
          await Promise.all(made.map((p) => p.close()));
        },
      };
    },
  ]);
}

describe.each(adapters)('presence (%s)', (_, make) => {
  let ctx: ReturnType<typeof make>;
  beforeEach(() => {
    ctx = make();
  });
  afterEach(() => ctx.cleanup());

  it('is online from the first socket to the last, then remembers when it was last seen', async () => {
    const { presence } = ctx;
    expect(await presence.status(['u1'])).toEqual(new Map([['u1', { isOnline: false, lastSeen: null }]]));
    expect(await presence.connected('u1', 's1')).toBe(true);
    expect(await presence.connected('u1', 's2')).toBe(false);
    expect((await presence.status(['u1'])).get('u1')).toEqual({ isOnline: true, lastSeen: null });
    expect(await presence.disconnected('u1', 's1')).toBe(false);
    expect((await presence.status(['u1'])).get('u1')?.isOnline).toBe(true);
    const before = Date.now();
    expect(await presence.disconnected('u1', 's2')).toBe(true);
    const after = (await presence.status(['u1'])).get('u1')!;
    expect(after.isOnline).toBe(false);
    expect(Date.parse(after.lastSeen!)).toBeGreaterThanOrEqual(before - 5);
    // A socket closing twice (or unknown) changes nothing.
    expect(await presence.disconnected('u1', 's2')).toBe(false);
  });

  it('knows which conversation a member has open, on any of their sockets, until the socket closes', async () => {
    const { presence } = ctx;
    const isViewing = async (userId: string, conversationId: string) =>
      (await presence.recipient(userId, conversationId)).viewing;
    expect(await presence.recipient('u3', 'c1')).toEqual({ isOnline: false, viewing: false });
    await presence.connected('u3', 's1');
    await presence.connected('u3', 's2');
    expect(await isViewing('u3', 'c1')).toBe(false);
    await presence.setViewing('u3', 's1', 'c1');
    await presence.setViewing('u3', 's2', 'c2');
    expect(await isViewing('u3', 'c1')).toBe(true);
    expect(await isViewing('u3', 'c2')).toBe(true);
    await presence.setViewing('u3', 's1', null);
    expect(await isViewing('u3', 'c1')).toBe(false);
    await presence.disconnected('u3', 's2');
    expect(await isViewing('u3', 'c2')).toBe(false);
    // A socket this instance does not hold cannot claim a view.
    await presence.setViewing('u3', 'unknown', 'c3');
    expect(await isViewing('u3', 'c3')).toBe(false);
    expect(await presence.recipient('u3', 'c1')).toEqual({ isOnline: true, viewing: false });
    await presence.disconnected('u3', 's1');
    expect(await presence.recipient('u3', 'c1')).toEqual({ isOnline: false, viewing: false });
  });
});

if (redisReachable()) {
  describe('presence (redis) across instances', () => {
    let ctx: ReturnType<(typeof adapters)[number][1]>;
    beforeEach(() => {
      ctx = adapters.find(([name]) => name === 'redis')![1]();
    });
    afterEach(() => ctx.cleanup());

    it('is shared by every instance on the same store', async () => {
      const other = ctx.twin!();
      await ctx.presence.connected('u2', 'sA');
      expect((await other.status(['u2'])).get('u2')?.isOnline).toBe(true);
      expect(await other.connected('u2', 'sB')).toBe(false);
      expect(await ctx.presence.disconnected('u2', 'sA')).toBe(false);
      expect(await other.disconnected('u2', 'sB')).toBe(true);
    });

    it('renews its sockets a slice per tick, each once a round, not all in one burst', async () => {
      const prefix = `dc-test-renew-${randomBytes(4).toString('hex')}`;
      const redis = new IORedis(TEST_REDIS_URL);
      // A round of 2 s in 4 ticks of 500 ms: 3 of the 10 sockets per tick.
      const presence = new RedisPresence(new IORedis(TEST_REDIS_URL), prefix, { everyMs: 2000, ticks: 4 });
      try {
        const ids = Array.from({ length: 10 }, (_, i) => `u${i}`);
        for (const id of ids) await presence.connected(id, `s-${id}`);
        const scores = async () =>
          Promise.all(ids.map(async (id) => Number(await redis.zscore(`${prefix}:presence:${id}`, `s-${id}`))));
        const first = await scores();
        let last = first;
        const renewedPerLook: number[] = [];
        for (let t = 0; t < 2600; t += 50) {
          await new Promise((r) => setTimeout(r, 50));
          const now = await scores();
          renewedPerLook.push(now.filter((s, i) => s > last[i]!).length);
          last = now;
        }
        // Every socket renewed within the round, in several slices (never all ten at once).
        expect(last.every((s, i) => s > first[i]!)).toBe(true);
        expect(Math.max(...renewedPerLook)).toBeLessThan(10);
        expect(renewedPerLook.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
      } finally {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
        await presence.close();
      }
    });
  });
}
