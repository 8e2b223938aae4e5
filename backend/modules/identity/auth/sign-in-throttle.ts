import { createHash } from 'node:crypto';

import { RateLimitedError } from '@platform/http';
import type { RateLimiter, RateLimitRule, RateLimitTake } from '@platform/rate-limit/rate-limiter.port';

import { SIGN_IN } from '../limits';

export interface SignInLimits {
  accountTiers: readonly RateLimitRule[];
  addressFailures: RateLimitRule;
  addressSlowdownMs: number;
}

/** One admitted sign-in attempt: say how it ended. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Whose budget a sign-in spends: the member's (username and email are one account), or for an
 * identifier no member has, its normalised value, so that both answer alike. Hashed: people type
 * their password into the name field, and the counts must not keep it.
 */
export function signInAccount(userId: string | null, emailOrUsername: string): string {
  if (userId) return `user:${userId}`;
  return `unknown:${createHash('sha256').update(emailOrUsername.trim().toLowerCase()).digest('base64url')}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sign-in throttling that cannot be turned against a member. Each account tier counts failures on
 * the account; once over it, only addresses that have themselves failed for that account within
 * the tier's window are refused (429), so the member signs in from anywhere the attacker is not.
 * The address's count over every account only slows its wrong-password answers: refusing on it
 * would let one guesser behind a shared address (a mosque's Wi-Fi, a carrier NAT) lock out everyone
 * there.
 *
 * Checks are reservations (take), not peeks: concurrent attempts cannot slip past a budget while
 * their passwords are being checked. A success gives its reservations back and clears only its own
 * account's counts for its own address, never the account's total nor the address's: knowing one
 * password buys nothing against another account.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: SignInLimits = SIGN_IN,
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {}

  /** Throws RateLimitedError when this address may not try this account now. */
  async admit(account: string, address: string): Promise<SignInAttempt> {
    const tiers = this.limits.accountTiers;
    const pairKeys = tiers.map((_, i) => `signin:pair:${i}:${account}:${address}`);
    const accountKeys = tiers.map((_, i) => `signin:account:${i}:${account}`);
    // Every attempt is taken on the pair first: of concurrent first tries from one address, one
    // alone finds the pair clean; the others spend the account's budget like any failed address.
    const pairs = await Promise.all(tiers.map((tier, i) => this.limiter.take(pairKeys[i]!, tier)));
    const failedHere = tiers.map((tier, i) => !pairs[i]!.allowed || pairs[i]!.remaining < tier.limit - 1);
    const accounts = await Promise.all(
      tiers.map((tier, i) => (failedHere[i] ? this.limiter.take(accountKeys[i]!, tier) : null)),
    );
    const refused = accounts.filter((r): r is RateLimitTake => r !== null && !r.allowed);
    if (refused.length) {
      await Promise.all([this.giveBack(pairKeys, pairs), this.giveBack(accountKeys, accounts)]);
      throw new RateLimitedError(Math.max(...refused.map((r) => r.retryAfterSeconds)));
    }
    return {
      succeeded: async () => {
        await Promise.all([...pairKeys.map((key) => this.limiter.reset(key)), this.giveBack(accountKeys, accounts)]);
      },
      failed: async () => {
        // Where the address had failed before, the reservation taken above is the failure's record.
        const [byAddress] = await Promise.all([
          this.limiter.hit(`signin:address:${address}`, this.limits.addressFailures),
          ...tiers.map((tier, i) => (failedHere[i] ? null : this.limiter.hit(accountKeys[i]!, tier))),
        ]);
        if (!byAddress.allowed) await this.wait(this.limits.addressSlowdownMs);
      },
    };
  }

  private async giveBack(keys: string[], takes: (RateLimitTake | null)[]): Promise<void> {
    await Promise.all(takes.map((taken, i) => (taken?.ticket ? this.limiter.giveBack(keys[i]!, taken.ticket) : null)));
  }
}
