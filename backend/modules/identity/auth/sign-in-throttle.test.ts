import { RateLimitedError } from '@platform/http';
import { MemoryRateLimiter } from '@platform/rate-limit';

import { SIGN_IN } from '../limits';
import { signInAccount, SignInThrottle } from './sign-in-throttle';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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
  const admitted = async (account: string, address: string) =>
    throttle.admit(account, address).then(
      () => true,
      (e: unknown) => {
        if (e instanceof RateLimitedError) return false;
        throw e;
      },
    );
  /** Spends the account's 15 min budget from addresses of the 10.66/16 network. */
  const attack = async (account: string, failures: number, from = (i: number) => `10.66.${i >> 8}.${i & 255}`) => {
    for (let i = 0; i < failures; i++) await fail(account, from(i));
  };
  const { limit } = SIGN_IN.accountTiers[0]!;

  describe('the account budget', () => {
    it('refuses an address that failed on the account once it is over budget, not a known one', async () => {
      await succeed('user:victor', '10.0.0.1'); // Victor's home
      for (let i = 0; i < limit; i++) await fail('user:victor', '10.0.0.66');
      const wait = await refusal('user:victor', '10.0.0.66');
      expect(wait).toBeGreaterThan(14 * 60);
      expect(wait).toBeLessThanOrEqual(15 * 60);
      await succeed('user:victor', '10.0.0.1');
      await succeed('user:victor', '10.0.0.1');
    });

    it('lets the failing address back in as the account falls under its budget', async () => {
      for (let i = 0; i < limit; i++) {
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
      // The member from a new address: one of the strangers' slots.
      await succeed('user:b', '10.2.0.1');
    });

    it('keeps the budget exact under concurrent attempts from one address', async () => {
      const tries = await Promise.allSettled(Array.from({ length: 30 }, () => throttle.admit('user:c', '10.0.0.66')));
      const attempts = tries.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(attempts).toHaveLength(limit);
      expect(tries.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof RateLimitedError)).toBe(
        true,
      );
      await Promise.all(attempts.map((a) => a.failed()));
      await refusal('user:c', '10.0.0.66');
    });

    it('keeps the budget exact under concurrent attempts from fresh addresses: the account, then the strangers', async () => {
      const tries = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => throttle.admit('user:c', `10.3.0.${i}`)),
      );
      const attempts = tries.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(attempts).toHaveLength(limit + SIGN_IN.strangers.limit);
      await Promise.all(attempts.map((a) => a.failed()));
      await refusal('user:c', '10.3.1.1');
    });

    it('does not count refused attempts: hammering does not make the wait longer', async () => {
      for (let i = 0; i < limit; i++) await fail('user:d', '10.0.0.66');
      for (let i = 0; i < 20; i++) await refusal('user:d', '10.0.0.66');
      now += 15 * MINUTE;
      await fail('user:d', '10.0.0.66');
    });
  });

  describe('strangers: addresses neither known to the account nor failed on it', () => {
    it('share a small allowance per account once it is over budget, then are refused too', async () => {
      await attack('user:e', limit);
      // A botnet's fresh addresses: the allowance, then 429 for every new one.
      await attack('user:e', SIGN_IN.strangers.limit, (i) => `10.4.0.${i}`);
      const wait = await refusal('user:e', '10.4.1.1');
      // In again when the account's 15 min budget frees, before the allowance's hour.
      expect(wait).toBeGreaterThan(14 * 60);
      expect(wait).toBeLessThanOrEqual(15 * 60);
      now += 15 * MINUTE;
      expect(await admitted('user:e', '10.4.1.1')).toBe(true);
    });

    it('wait for the allowance when the account stays over its day tier', async () => {
      const dayTier = SIGN_IN.accountTiers[1]!.limit;
      for (let i = 0; i < dayTier; i++) {
        await fail('user:f', `10.5.0.${i}`);
        if (i % 10 === 9) now += 16 * MINUTE;
      }
      for (let i = 0; i < SIGN_IN.strangers.limit; i++) await fail('user:f', `10.5.1.${i}`);
      const wait = await refusal('user:f', '10.5.2.1');
      expect(wait).toBeLessThanOrEqual(60 * 60);
      expect(wait).toBeGreaterThan(55 * 60);
    });

    it('get their slot back on a success, and are known from then on', async () => {
      await attack('user:g', limit);
      for (let i = 0; i < SIGN_IN.strangers.limit - 1; i++) await fail('user:g', `10.6.0.${i}`);
      await succeed('user:g', '10.6.1.1'); // the member, on a new phone: the last slot, given back
      await fail('user:g', '10.6.1.2'); // so a stranger still has it
      await refusal('user:g', '10.6.1.3');
      // The phone is known now: the spent allowance does not hold it, a typo included.
      await fail('user:g', '10.6.1.1');
      await succeed('user:g', '10.6.1.1');
    });
  });

  describe('known addresses', () => {
    it("a member's typo at home does not let an attacker elsewhere lock them out there", async () => {
      await succeed('user:h', '192.0.2.10');
      await fail('user:h', '192.0.2.10'); // a typo: home has failed on the account
      const dayTier = SIGN_IN.accountTiers[1]!.limit;
      for (let i = 0; i < dayTier + SIGN_IN.strangers.limit; i++) {
        await throttle.admit('user:h', `10.7.${i >> 8}.${i & 255}`).then(
          (a) => a.failed(),
          () => undefined,
        );
        if (i % 10 === 9) now += 16 * MINUTE;
      }
      await refusal('user:h', '10.7.9.9');
      await fail('user:h', '192.0.2.10'); // another typo: still admitted
      await succeed('user:h', '192.0.2.10');
    });

    it('are held by their own pair budget, so a guesser on a known address gets only its tries', async () => {
      await succeed('user:i', '192.0.2.20');
      for (let i = 0; i < limit; i++) await fail('user:i', '192.0.2.20');
      const wait = await refusal('user:i', '192.0.2.20');
      expect(wait).toBeGreaterThan(14 * 60);
      now += 15 * MINUTE;
      await succeed('user:i', '192.0.2.20');
    });

    it("count their failures on the account's budget", async () => {
      await succeed('user:j', '192.0.2.30');
      for (let i = 0; i < limit; i++) await fail('user:j', '192.0.2.30');
      await fail('user:j', '10.8.0.1'); // a stranger's slot
      await refusal('user:j', '10.8.0.1');
    });

    it('stay known for 30 days after the last sign-in from them', async () => {
      await succeed('user:k', '192.0.2.40');
      now += 29 * DAY;
      await succeed('user:k', '192.0.2.40'); // renews
      now += 29 * DAY;
      await attack('user:k', limit + SIGN_IN.strangers.limit);
      expect(await admitted('user:k', '192.0.2.40')).toBe(true);
      now += 2 * DAY;
      await attack('user:k', limit + SIGN_IN.strangers.limit, (i) => `10.9.${i >> 8}.${i & 255}`);
      await refusal('user:k', '192.0.2.40'); // 31 days on: a stranger again
    });

    it('are known to their own account only, and a sign-up makes its address known', async () => {
      await throttle.recognise('user:l', '192.0.2.50');
      await attack('user:l', limit + SIGN_IN.strangers.limit);
      await attack('user:m', limit + SIGN_IN.strangers.limit);
      expect(await admitted('user:l', '192.0.2.50')).toBe(true);
      await refusal('user:m', '192.0.2.50');
    });
  });

  describe('one address spraying many accounts', () => {
    const { limit: budget } = SIGN_IN.addressFailures;

    it('is refused for accounts that do not know it, past its budget; members who signed in there still sign in', async () => {
      await succeed('user:neighbour', '10.9.9.9');
      for (let i = 0; i < budget; i++) await fail(`unknown:n${i}`, '10.9.9.9');
      expect(waits).toEqual([SIGN_IN.addressSlowdownMs]); // the last failure in its budget is held
      const wait = await refusal('user:stranger', '10.9.9.9');
      expect(wait).toBeGreaterThan(14 * 60);
      await refusal('unknown:n0', '10.9.9.9');
      await succeed('user:neighbour', '10.9.9.9');
      // A known member's typo there is held, not refused.
      await fail('user:neighbour', '10.9.9.9');
      expect(waits).toHaveLength(2);
      await succeed('user:neighbour', '10.9.9.9');
      // Elsewhere, the same accounts are not held by this address's count.
      await succeed('user:stranger', '10.9.9.10');
      now += 15 * MINUTE;
      expect(await admitted('user:other', '10.9.9.9')).toBe(true);
    });

    it('keeps its budget exact under concurrent attempts', async () => {
      const tries = await Promise.allSettled(
        Array.from({ length: 3 * budget }, (_, i) => throttle.admit(`unknown:c${i}`, '10.9.8.8')),
      );
      const attempts = tries.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(attempts).toHaveLength(budget);
      await Promise.all(attempts.map((a) => a.failed()));
      await refusal('unknown:c-late', '10.9.8.8');
    });

    it('does not spend its budget on successes: an attacker knowing their own password gains nothing', async () => {
      for (let i = 0; i < 3 * budget; i++) await succeed('user:attacker', '10.9.7.7');
      for (let i = 0; i < budget; i++) await fail(`unknown:s${i}`, '10.9.7.7');
      await refusal('unknown:s-next', '10.9.7.7');
      await succeed('user:attacker', '10.9.7.7'); // known there
      await refusal('unknown:s-next', '10.9.7.7');
    });
  });

  describe('IPv6', () => {
    it('counts one /64 as one address: its addresses share their failures', async () => {
      await fail('user:v6', '2001:db8:1:1::1');
      for (let i = 2; i <= limit; i++) await fail('user:v6', `2001:db8:1:1::${i.toString(16)}`);
      await refusal('user:v6', '2001:db8:1:1:ffff:ffff:ffff:ffff');
      await refusal('user:v6', '2001:db8:1:1::1');
      // Another /64 is another address: a stranger's slot.
      await succeed('user:v6', '2001:db8:1:2::1');
      expect(await admitted('user:v6', '2001:db8:1:2:abcd::1')).toBe(true);
    });

    it('a sprayer rotating through its /64 is one address', async () => {
      for (let i = 0; i < SIGN_IN.addressFailures.limit; i++)
        await fail(`unknown:v6-${i}`, `2001:db8:2:2:${i.toString(16)}::1`);
      await refusal('unknown:v6-next', '2001:db8:2:2:ffff::1');
    });
  });

  it('a success clears its own address for its own account only', async () => {
    for (let i = 0; i < limit - 1; i++) await fail('user:victim', '10.0.0.66');
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
