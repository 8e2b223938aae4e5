import type { RateLimiter } from '../rate-limiter.port';

type Disposable = RateLimiter & { dispose?(): Promise<void> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One suite for every rate limiter adapter: same counting, window, reset, take/give back and atomicity. */
export function describeRateLimiterContract(name: string, create: () => Promise<Disposable>) {
  describe(`RateLimiter contract: ${name}`, () => {
    let limiter: Disposable;

    beforeEach(async () => {
      limiter = await create();
    });
    afterEach(async () => {
      await (limiter.dispose ? limiter.dispose() : limiter.close());
    });

    const minute = { limit: 3, windowMs: 60_000 };

    it('allows up to the limit, counting down, then refuses with a retry delay', async () => {
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit('login:ip:1', minute));
      expect(results.slice(0, 3)).toEqual([
        { allowed: true, remaining: 2, retryAfterSeconds: 0 },
        { allowed: true, remaining: 1, retryAfterSeconds: 0 },
        { allowed: true, remaining: 0, retryAfterSeconds: 0 },
      ]);
      expect(results[3]!.allowed).toBe(false);
      expect(results[3]!.remaining).toBe(0);
      expect(results[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('peeks without recording', async () => {
      for (let i = 0; i < 5; i++) {
        expect(await limiter.peek('peek', minute)).toEqual({ allowed: true, remaining: 3, retryAfterSeconds: 0 });
      }
      await limiter.hit('peek', minute);
      expect(await limiter.peek('peek', minute)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
      await limiter.hit('peek', minute);
      await limiter.hit('peek', minute);
      const full = await limiter.peek('peek', minute);
      expect(full).toMatchObject({ allowed: false, remaining: 0 });
      expect(full.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    });

    it('keeps keys apart', async () => {
      const one = { limit: 1, windowMs: 60_000 };
      expect((await limiter.hit('a', one)).allowed).toBe(true);
      expect((await limiter.hit('a', one)).allowed).toBe(false);
      expect((await limiter.hit('b', one)).allowed).toBe(true);
    });

    it('forgets a key on reset', async () => {
      const one = { limit: 1, windowMs: 60_000 };
      await limiter.hit('r', one);
      expect((await limiter.hit('r', one)).allowed).toBe(false);
      await limiter.reset('r');
      expect(await limiter.hit('r', one)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
      await limiter.reset('never-seen');
    });

    it('slides: a hit leaves the window on its own schedule, not at a fixed boundary', async () => {
      const rule = { limit: 2, windowMs: 1000 };
      await limiter.hit('s', rule); // t = 0, leaves at 1000
      await sleep(500);
      await limiter.hit('s', rule); // t = 500, leaves at 1500
      expect((await limiter.hit('s', rule)).allowed).toBe(false);
      await sleep(650); // t = 1150: only the first hit has left
      expect(await limiter.hit('s', rule)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
      expect((await limiter.hit('s', rule)).allowed).toBe(false);
    });

    it('does not record refused hits, so a client is let in once its oldest hit expires', async () => {
      const rule = { limit: 1, windowMs: 400 };
      await limiter.hit('k', rule);
      for (let i = 0; i < 5; i++) {
        const refused = await limiter.hit('k', rule);
        expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
        await sleep(40);
      }
      await sleep(250);
      expect((await limiter.hit('k', rule)).allowed).toBe(true);
    });

    it('counts concurrent hits exactly', async () => {
      const rule = { limit: 5, windowMs: 60_000 };
      const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('burst', rule)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(
        results
          .filter((r) => r.allowed)
          .map((r) => r.remaining)
          .sort(),
      ).toEqual([0, 1, 2, 3, 4]);
    });

    it('takes like hit, naming the attempt; giving it back frees exactly that one slot', async () => {
      const rule = { limit: 2, windowMs: 60_000 };
      const first = await limiter.take('t', rule);
      expect(first).toMatchObject({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
      expect(first.ticket).toEqual(expect.any(String));
      const second = await limiter.take('t', rule);
      expect(second).toMatchObject({ allowed: true, remaining: 0 });
      const refused = await limiter.take('t', rule);
      expect(refused).toMatchObject({ allowed: false, remaining: 0, ticket: null });
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      await limiter.giveBack('t', second.ticket!);
      expect(await limiter.peek('t', rule)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
      // Given back twice, or on another key: nothing more is freed.
      await limiter.giveBack('t', second.ticket!);
      await limiter.giveBack('other', first.ticket!);
      expect(await limiter.peek('t', rule)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
      // hit and take fill the same log.
      expect(await limiter.hit('t', rule)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
      expect((await limiter.hit('t', rule)).allowed).toBe(false);
    });

    it('ignores tickets it never issued, expired or forgotten by reset', async () => {
      const rule = { limit: 1, windowMs: 300 };
      const taken = await limiter.take('g', rule);
      for (const bogus of ['', 'nonsense', '1:2:3', String(Date.now())]) await limiter.giveBack('g', bogus);
      expect((await limiter.peek('g', rule)).allowed).toBe(false);
      await limiter.reset('g');
      await limiter.giveBack('g', taken.ticket!);
      const again = await limiter.take('g', rule);
      expect(again.allowed).toBe(true);
      await sleep(350);
      await limiter.giveBack('g', again.ticket!);
      expect(await limiter.take('g', rule)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('never lets concurrent takes past the limit, and gives back only what was taken', async () => {
      const rule = { limit: 4, windowMs: 60_000 };
      const takes = await Promise.all(Array.from({ length: 20 }, () => limiter.take('race', rule)));
      const kept = takes.filter((t) => t.allowed);
      expect(kept).toHaveLength(4);
      expect(takes.filter((t) => !t.allowed).every((t) => t.ticket === null)).toBe(true);
      await Promise.all(kept.slice(0, 3).map((t) => limiter.giveBack('race', t.ticket!)));
      expect(await limiter.peek('race', rule)).toEqual({ allowed: true, remaining: 3, retryAfterSeconds: 0 });
    });

    it('remembers a mark until it expires, renews it when remembered again, and forgets it on reset', async () => {
      expect(await limiter.recalls('mark')).toBe(false);
      await limiter.remember('mark', 300);
      expect(await limiter.recalls('mark')).toBe(true);
      expect(await limiter.recalls('mark:other')).toBe(false);
      await sleep(200);
      await limiter.remember('mark', 300); // renewed: now lasts to t = 500
      await sleep(200);
      expect(await limiter.recalls('mark')).toBe(true);
      await sleep(200);
      expect(await limiter.recalls('mark')).toBe(false);
      await limiter.remember('mark', 60_000);
      await limiter.reset('mark');
      expect(await limiter.recalls('mark')).toBe(false);
    });

    it('rejects a bad mark', async () => {
      await expect(limiter.remember('', 1000)).rejects.toThrow(TypeError);
      await expect(limiter.remember('m', 0)).rejects.toThrow(/ttlMs/);
      await expect(limiter.remember('m', 1.5)).rejects.toThrow(/ttlMs/);
      expect(await limiter.recalls('m')).toBe(false);
    });

    it('rejects a bad key or rule', async () => {
      await expect(limiter.hit('', minute)).rejects.toThrow(TypeError);
      await expect(limiter.hit('x', { limit: 0, windowMs: 1000 })).rejects.toThrow(/at least 1/);
      await expect(limiter.peek('x', { limit: 1, windowMs: 1.5 })).rejects.toThrow(/windowMs/);
    });
  });
}
