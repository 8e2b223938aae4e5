import { RateLimitedError } from '@platform/http';
import { MemoryRateLimiter } from '@platform/rate-limit';

import { SIGN_IN } from '../limits';
import { signInAccount, SignInThrottle } from './sign-in-throttle';

const MINUTE = 60_000;

describe('SignInThrottle', () => {
  let now: number;
  let limiter: MemoryRateLimiter;
  let waits: number[];
  let throttle: SignInThrottle;

  beforeEach(() => {
    now = 1_700_000_000_000;
    limiter = new MemoryRateLimiter(() => now);
    waits = [];
    throttle = new SignInThrottle(limiter, SIGN_IN, async (ms) => {
      waits.push(ms);
    });
  });
  afterEach(() => limiter.close());

  const fail = async (account: string, address: string) => (await throttle.admit(account, address)).failed();
  const succeed = async (account: string, address: string) => (await throttle.admit(account, address)).succeeded();
  const refusal = async (account: string, address: string) => {
    const err = await throttle.admit(account, address).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RateLimitedError);
    return (err as RateLimitedError).retryAfterSeconds;
  };

  it('refuses the failing address past the account budget, never a clean one', async () => {
    for (let i = 0; i < 10; i++) await fail('user:victor', '10.0.0.66');
    const wait = await refusal('user:victor', '10.0.0.66');
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Victor, from home: admitted, and the right password signs him in, again and again.
    await succeed('user:victor', '10.0.0.1');
    await succeed('user:victor', '10.0.0.1');
    // A new address that fails while the account is over budget is refused from then on.
    await fail('user:victor', '10.0.0.77');
    await refusal('user:victor', '10.0.0.77');
    // Victor's address is still clean for him.
    await succeed('user:victor', '10.0.0.1');
  });

  it('lets the failing address back in as the account falls under its budget', async () => {
    for (let i = 0; i < 10; i++) {
      await fail('user:a', '10.0.0.66');
      now += MINUTE;
    }
    await refusal('user:a', '10.0.0.66');
    now += 5 * MINUTE; // the first failure is 15 min old: one slot frees
    await fail('user:a', '10.0.0.66');
    await refusal('user:a', '10.0.0.66');
  });

  it('makes the wait grow: past 50 failures in a day, failing addresses wait up to a day', async () => {
    const addresses = Array.from({ length: 50 }, (_, i) => `10.1.0.${i}`);
    for (const [i, address] of addresses.entries()) {
      await fail('user:b', address);
      if (i % 10 === 9) now += 16 * MINUTE; // spread past the 15 min tier
    }
    const wait = await refusal('user:b', addresses[49]!);
    expect(wait).toBeGreaterThan(20 * 3600);
    // The member from a clean address is not held by either tier.
    await succeed('user:b', '10.2.0.1');
  });

  it('keeps a budget exact under concurrent attempts from one address', async () => {
    const admitted = await Promise.allSettled(Array.from({ length: 30 }, () => throttle.admit('user:c', '10.0.0.66')));
    const attempts = admitted.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    // One clean first try, then the account's 10 spent by an address that already tried.
    expect(attempts).toHaveLength(11);
    expect(admitted.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof RateLimitedError)).toBe(
      true,
    );
    await Promise.all(attempts.map((a) => a.failed()));
    await refusal('user:c', '10.0.0.66');
    await succeed('user:c', '10.0.0.5');
  });

  it('refused attempts are not counted: hammering does not make the wait longer', async () => {
    for (let i = 0; i < 10; i++) await fail('user:d', '10.0.0.66');
    for (let i = 0; i < 20; i++) await refusal('user:d', '10.0.0.66');
    now += 15 * MINUTE;
    await fail('user:d', '10.0.0.66');
  });

  it('a success clears its own address for its own account only', async () => {
    for (let i = 0; i < 9; i++) await fail('user:victim', '10.0.0.66');
    // The attacker knows their own password: signing in to it changes nothing for the victim.
    await succeed('user:attacker', '10.0.0.66');
    await fail('user:victim', '10.0.0.66');
    await refusal('user:victim', '10.0.0.66');
    await succeed('user:attacker', '10.0.0.66');
    await refusal('user:victim', '10.0.0.66');
    // A member who mistyped and then got it right starts clean on their own address.
    for (let i = 0; i < 3; i++) await fail('user:amina', '10.0.0.9');
    await succeed('user:amina', '10.0.0.9');
    for (let i = 0; i < 7; i++) await fail('user:amina', '10.0.0.8');
    await succeed('user:amina', '10.0.0.9');
  });

  it('only slows an address over its own budget, on failures, and never refuses it', async () => {
    for (let i = 0; i < 100; i++) await fail(`user:n${i}`, '10.9.9.9');
    expect(waits).toEqual([]);
    await fail('user:other', '10.9.9.9');
    expect(waits).toEqual([SIGN_IN.addressSlowdownMs]);
    // A neighbour behind the same address signs in, unslowed.
    await succeed('user:neighbour', '10.9.9.9');
    expect(waits).toHaveLength(1);
  });

  it('counts username and email as one account, and unknown names by their normalised value', () => {
    expect(signInAccount('01900000-0000-7000-8000-000000000001', 'victor')).toBe(
      'user:01900000-0000-7000-8000-000000000001',
    );
    const unknown = signInAccount(null, '  Ghost@Example.TEST ');
    expect(unknown).toBe(signInAccount(null, 'ghost@example.test'));
    expect(unknown).not.toContain('ghost');
    expect(signInAccount(null, 'ghost')).not.toBe(unknown);
  });
});
