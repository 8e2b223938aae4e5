import { createHash } from 'node:crypto';

import { clientAddressKey, RateLimitedError } from '@platform/http';
import type { RateLimiter, RateLimitRule, RateLimitTake } from '@platform/rate-limit/rate-limiter.port';

import { SIGN_IN } from '../limits';

export interface SignInLimits {
  accountTiers: readonly RateLimitRule[];
  addressFailures: RateLimitRule;
  strangers: RateLimitRule;
  knownAddressMs: number;
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

/** Takes made for one attempt, so that a refusal or a success can hand them all back. */
class Reservations {
  private readonly held: { key: string; ticket: string }[] = [];

  constructor(private readonly limiter: RateLimiter) {}

  async take(key: string, rule: RateLimitRule): Promise<RateLimitTake> {
    const taken = await this.limiter.take(key, rule);
    if (taken.ticket) this.held.push({ key, ticket: taken.ticket });
    return taken;
  }

  async giveBack(): Promise<void> {
    await Promise.all(this.held.splice(0).map(({ key, ticket }) => this.limiter.giveBack(key, ticket)));
  }

  async refuse(retryAfterSeconds: number): Promise<never> {
    await this.giveBack();
    throw new RateLimitedError(retryAfterSeconds);
  }
}

const longest = (takes: RateLimitTake[]) => Math.max(...takes.map((t) => t.retryAfterSeconds));

/**
 * Sign-in throttling that cannot be turned against a member (the rules and their reasons are the
 * table in README.md). Addresses are counted by clientAddressKey (an IPv6 client by its /64).
 *
 * - An address a member signed in from (known: `signin:known:<account>:<address>`, 30 days) is
 *   never refused by the account's budget nor by its own address's, only by its own failures on
 *   that account (the pair tiers): a household cannot be locked out by someone elsewhere, and a
 *   guesser sitting on it still gets only the pair's few tries.
 * - Any other address spends, per attempt, the account's budget and its own address's budget.
 *   Over the address's (spraying many accounts), it is refused. Over the account's, an address
 *   that failed on this account is refused; one that has not shares the account's small stranger
 *   allowance, so a member on a new device still gets in while a botnet's fresh addresses do not.
 *
 * Every check is a reservation (take), not a peek: concurrent attempts cannot slip past a budget
 * while their passwords are checked. A refusal hands everything back (a refused attempt is not
 * counted); a success too, and clears only its own account's counts for its own address, never
 * the account's total nor the address's: knowing one password buys nothing against another account.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: SignInLimits = SIGN_IN,
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {}

  /** Throws RateLimitedError when this address may not try this account now. */
  async admit(account: string, ip: string): Promise<SignInAttempt> {
    const address = clientAddressKey(ip);
    const tiers = this.limits.accountTiers;
    const accountKeys = tiers.map((_, i) => `signin:account:${i}:${account}`);
    const pairKeys = tiers.map((_, i) => `signin:pair:${i}:${account}:${address}`);
    const addressKey = `signin:address:${address}`;
    const held = new Reservations(this.limiter);

    const known = await this.limiter.recalls(this.knownKey(account, address));
    // Every attempt is taken on the pair first: of concurrent first tries from one address, one
    // alone finds the pair clean; the others count as an address that has failed.
    const pairs = await Promise.all(tiers.map((tier, i) => held.take(pairKeys[i]!, tier)));
    const pairsFull = pairs.filter((p) => !p.allowed);
    if (pairsFull.length) return held.refuse(longest(pairsFull));

    if (known) {
      return {
        succeeded: () => this.succeeded(account, address, pairKeys, held),
        failed: async () => {
          const [byAddress] = await Promise.all([
            this.limiter.hit(addressKey, this.limits.addressFailures),
            ...tiers.map((tier, i) => this.limiter.hit(accountKeys[i]!, tier)),
          ]);
          if (!byAddress.allowed || byAddress.remaining === 0) await this.wait(this.limits.addressSlowdownMs);
        },
      };
    }

    const byAddress = await held.take(addressKey, this.limits.addressFailures);
    if (!byAddress.allowed) return held.refuse(byAddress.retryAfterSeconds);
    const accounts = await Promise.all(tiers.map((tier, i) => held.take(accountKeys[i]!, tier)));
    const overTiers = tiers.flatMap((_, i) => (accounts[i]!.allowed ? [] : [i]));
    if (overTiers.length) {
      const failedHere = overTiers.filter((i) => pairs[i]!.remaining < tiers[i]!.limit - 1);
      if (failedHere.length) return held.refuse(longest(failedHere.map((i) => accounts[i]!)));
      const stranger = await held.take(`signin:strangers:${account}`, this.limits.strangers);
      // In again once the account is back under every tier it is over, or the allowance frees a slot.
      if (!stranger.allowed)
        return held.refuse(Math.min(longest(overTiers.map((i) => accounts[i]!)), stranger.retryAfterSeconds));
    }
    return {
      succeeded: () => this.succeeded(account, address, pairKeys, held),
      // The reservations are the failure's record: kept.
      failed: async () => {
        if (byAddress.remaining === 0) await this.wait(this.limits.addressSlowdownMs);
      },
    };
  }

  /** The member proved the password from here (signed in, or signed up): this address is known. */
  async recognise(account: string, ip: string): Promise<void> {
    await this.limiter.remember(this.knownKey(account, clientAddressKey(ip)), this.limits.knownAddressMs);
  }

  private async succeeded(account: string, address: string, pairKeys: string[], held: Reservations) {
    await held.giveBack();
    await Promise.all([
      ...pairKeys.map((key) => this.limiter.reset(key)),
      this.limiter.remember(this.knownKey(account, address), this.limits.knownAddressMs),
    ]);
  }

  private knownKey(account: string, address: string) {
    return `signin:known:${account}:${address}`;
  }
}
