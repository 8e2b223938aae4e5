import type { RateBudget } from '@platform/http';

/**
 * The payment providers' callbacks: signed (or tokened) by the provider and sent from its few
 * addresses in bursts as payments complete, so the write budget of one person would refuse real
 * payments. A high ceiling per address still stops a flood of forged calls before they are verified.
 */
export const PROVIDER_WEBHOOK_BUDGET = {
  name: 'payment-webhooks',
  member: { limit: 6000, windowMs: 60_000 },
  ip: { limit: 6000, windowMs: 60_000 },
} as const satisfies RateBudget;
