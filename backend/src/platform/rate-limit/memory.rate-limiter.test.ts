import { MemoryRateLimiter } from './memory.rate-limiter';

describe('MemoryRateLimiter', () => {
  afterEach(() => jest.useRealTimers());

  it('measures the window on its clock, to the millisecond', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    const rule = { limit: 2, windowMs: 10_000 };
    await limiter.hit('k', rule);
    now += 4_000;
    await limiter.hit('k', rule);
    now += 5_999;
    expect(await limiter.hit('k', rule)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    now += 1; // the first hit is exactly windowMs old: out of the window
    expect(await limiter.hit('k', rule)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    expect((await limiter.peek('k', rule)).retryAfterSeconds).toBe(4);
    await limiter.close();
  });

  it('forgets idle keys on its periodic sweep', async () => {
    jest.useFakeTimers();
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    await limiter.hit('short', { limit: 5, windowMs: 1_000 });
    await limiter.hit('long', { limit: 5, windowMs: 3_600_000 });
    await limiter.peek('peeked-only', { limit: 5, windowMs: 1_000 });
    expect(limiter.size).toBe(2);
    now = 61_000;
    jest.advanceTimersByTime(61_000);
    expect(limiter.size).toBe(1);
    expect(await limiter.peek('long', { limit: 5, windowMs: 3_600_000 })).toMatchObject({ remaining: 4 });
    await limiter.close();
  });

  it('sweeps expired marks, and reads a mark on its clock', async () => {
    jest.useFakeTimers();
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    await limiter.remember('brief', 1_000);
    await limiter.remember('month', 30 * 86_400_000);
    expect(limiter.size).toBe(2);
    now = 999;
    expect(await limiter.recalls('brief')).toBe(true);
    now = 1_000;
    expect(await limiter.recalls('brief')).toBe(false);
    now = 61_000;
    jest.advanceTimersByTime(61_000);
    expect(limiter.size).toBe(1);
    expect(await limiter.recalls('month')).toBe(true);
    await limiter.close();
  });
});
