import type { RateLimitRule } from '@platform/rate-limit/rate-limiter.port';

const MINUTE = 60_000;

/** Brute force and abuse limits of the identity calls (the numbers where it gives them). */
export const LIMITS = {
  /** Failed sign-ins per account and per IP in 15 minutes; the next attempt gets 429. */
  loginFailures: { limit: 10, windowMs: 15 * MINUTE },
  /** Sign-ups per IP per hour. */
  registrations: { limit: 20, windowMs: 60 * MINUTE },
  /** Verification and reset mails per account per hour. */
  mailsPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  /** Mail-sending calls per IP per hour. */
  mailsPerIp: { limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
