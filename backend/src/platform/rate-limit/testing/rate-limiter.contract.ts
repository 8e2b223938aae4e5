import type { RateLimiter } from '../rate-limiter.port';

type Disposable = RateLimiter & { dispose?(): Promise<void> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();
/** Sleeps until `at` (a `now()` reading), if it is still ahead. */
const sleepUntil = (at: number) => sleep(Math.max(0, at - now()));

/**
 * A scenario that depends on time, run on a fresh key per attempt. Times are measured, not assumed:
 * the scenario reads the clock around its calls and says whether they landed where its plan needs
 * them; on a loaded machine a sleep or a round trip runs long, and such an attempt is made again (up
 * to three times) before its checks are judged.
 */
async function onSchedule(scenario: (key: string) => Promise<{ asPlanned: boolean; check(): void }>) {
  for (let attempt = 1; ; attempt++) {
    const { asPlanned, check } = await scenario(`timed-${attempt}-${Math.random().toString(36).slice(2)}`);
    if (!asPlanned && attempt < 3) continue;
    expect({ asPlanned, attempt }).toEqual({ asPlanned: true, attempt });
    return check();
  }
}

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
      const rule = { limit: 2, windowMs: 2000 };
      await onSchedule(async (key) => {
        const start = now();
        await limiter.hit(key, rule); // t = 0, leaves at 2000
        const firstIn = now();
        await sleep(1000);
        const secondSent = now();
        await limiter.hit(key, rule); // t = 1000, leaves at 3000
        const full = await limiter.hit(key, rule);
        const fullSeen = now();
        await sleepUntil(start + 2300);
        const lateSent = now();
        const late = await limiter.hit(key, rule); // t = 2300: only the first hit has left
        const refused = await limiter.hit(key, rule);
        const end = now();
        return {
          asPlanned:
            fullSeen < start + rule.windowMs && lateSent >= firstIn + rule.windowMs && end < secondSent + rule.windowMs,
          check: () => {
            expect(full.allowed).toBe(false);
            expect(late).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
            expect(refused.allowed).toBe(false);
          },
        };
      });
    });

    it('does not record refused hits, so a client is let in once its oldest hit expires', async () => {
      const rule = { limit: 1, windowMs: 1500 };
      await onSchedule(async (key) => {
        const start = now();
        await limiter.hit(key, rule); // leaves at 1500
        const firstIn = now();
        const refused: Awaited<ReturnType<RateLimiter['hit']>>[] = [];
        let lastRefusedSent = 0;
        for (let i = 0; i < 5; i++) {
          lastRefusedSent = now();
          refused.push(await limiter.hit(key, rule)); // t = 0..600: had they counted, the last would stay to 2100
          await sleep(150);
        }
        const refusedSeen = now();
        await sleepUntil(firstIn + rule.windowMs + 50);
        const lateSent = now();
        const late = await limiter.hit(key, rule);
        const end = now();
        return {
          asPlanned:
            refusedSeen < start + rule.windowMs &&
            lateSent >= firstIn + rule.windowMs &&
            end < lastRefusedSent + rule.windowMs,
          check: () => {
            for (const r of refused) {
              expect(r).toMatchObject({ allowed: false, remaining: 0 });
              expect([1, 2]).toContain(r.retryAfterSeconds);
            }
            expect(late.allowed).toBe(true);
          },
        };
      });
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
      const rule = { limit: 1, windowMs: 1000 };
      await onSchedule(async (key) => {
        const start = now();
        const taken = await limiter.take(key, rule);
        for (const bogus of ['', 'nonsense', '1:2:3', String(Date.now())]) await limiter.giveBack(key, bogus);
        const stillFull = await limiter.peek(key, rule);
        const peeked = now();
        await limiter.reset(key);
        await limiter.giveBack(key, taken.ticket!);
        const again = await limiter.take(key, rule);
        const againIn = now();
        await sleepUntil(againIn + rule.windowMs + 50);
        const expiredSent = now();
        await limiter.giveBack(key, again.ticket!); // expired: nothing to give back
        const last = await limiter.take(key, rule);
        return {
          asPlanned: peeked < start + rule.windowMs && expiredSent >= againIn + rule.windowMs,
          check: () => {
            expect(stillFull.allowed).toBe(false);
            expect(again.allowed).toBe(true);
            expect(last).toMatchObject({ allowed: true, remaining: 0 });
          },
        };
      });
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
      const ttl = 1000;
      await onSchedule(async (mark) => {
        const unknown = await limiter.recalls(mark);
        const firstSent = now();
        await limiter.remember(mark, ttl); // lasts to t = 1000
        const firstIn = now();
        const fresh = await limiter.recalls(mark);
        const other = await limiter.recalls(`${mark}:other`);
        const freshSeen = now();
        await sleep(600);
        const renewSent = now();
        await limiter.remember(mark, ttl); // renewed at t = 600: now lasts to t = 1600
        const renewIn = now();
        await sleepUntil(firstIn + ttl + 100);
        const renewedSent = now();
        const renewed = await limiter.recalls(mark); // t = 1100: kept only by the renewal
        const renewedSeen = now();
        await sleepUntil(renewIn + ttl + 50);
        const goneSent = now();
        const gone = await limiter.recalls(mark);
        await limiter.remember(mark, 60_000);
        await limiter.reset(mark);
        const forgotten = await limiter.recalls(mark);
        return {
          asPlanned:
            freshSeen < firstSent + ttl &&
            renewedSent >= firstIn + ttl &&
            renewedSeen < renewSent + ttl &&
            goneSent >= renewIn + ttl,
          check: () => {
            expect({ unknown, fresh, other, renewed, gone, forgotten }).toEqual({
              unknown: false,
              fresh: true,
              other: false,
              renewed: true,
              gone: false,
              forgotten: false,
            });
          },
        };
      });
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
