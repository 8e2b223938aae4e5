import type { RateLimitRule } from '@platform/rate-limit/rate-limiter.port';

const MINUTE = 60_000;

/** Brute force and abuse limits of the identity calls (the numbers where it gives them). */
export const LIMITS = {
  /** Wrong passwords when deleting one's own account, per account in 15 minutes; the next gets 429. */
  loginFailures: { limit: 10, windowMs: 15 * MINUTE },
  /** Sign-ups per IP per hour. */
  registrations: { limit: 20, windowMs: 60 * MINUTE },
  /** Verification and reset mails per account per hour. */
  mailsPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  /** Mail-sending calls per IP per hour. */
  mailsPerIp: { limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Sign-in throttling (auth/sign-in-throttle.ts; the table is in README.md). Failures count per
 * account, per address and per account and address; an address a member signed in from is never
 * refused by what others did, so nobody can lock a member out from elsewhere.
 */
export const SIGN_IN = {
  /**
   * Failures per account; each tier has a pair budget of the same size per account and address.
   * Over a tier, addresses that failed for the account within the tier's window get 429 until the
   * account's count falls back under it (the day tier makes the wait grow); other unknown addresses
   * share `strangers`. A known address is held by its own pair budget only.
   */
  accountTiers: [
    { limit: 10, windowMs: 15 * MINUTE },
    { limit: 50, windowMs: 24 * 60 * MINUTE },
  ],
  /** Failed attempts per address over every account (spraying): over it, accounts that do not know the address get 429. */
  addressFailures: { limit: 100, windowMs: 15 * MINUTE },
  /** Attempts per account, while it is over budget, from addresses that neither know it nor failed on it. */
  strangers: { limit: 10, windowMs: 60 * MINUTE },
  /** How long a successful sign-in (or sign-up) makes its address known to the account. */
  knownAddressMs: 30 * 24 * 60 * MINUTE,
  /** How long a wrong-password answer is held once its address has spent addressFailures. */
  addressSlowdownMs: 2_000,
} as const satisfies {
  accountTiers: readonly RateLimitRule[];
  addressFailures: RateLimitRule;
  strangers: RateLimitRule;
  knownAddressMs: number;
  addressSlowdownMs: number;
};
