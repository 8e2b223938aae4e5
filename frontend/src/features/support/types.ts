/**
 * Orphan support's shapes (contract/support.ts, shared with the server) and the constants of spec
 * part 2 §9: donation presets 500, 1000 and 5000 KES (1000 by default), the counter's ~2 s.
 */
export type {
  Auditor,
  ClientAction,
  DisbursementInput,
  DonateAnswer,
  DonateRequest,
  DonationsStatus,
  DonationStatus,
  DonationView,
  LedgerEntry,
  LedgerKind,
  LedgerPage,
  Money,
  NotifyAnswer,
  NotifyRequest,
  Orphan,
  OrphanDetail,
  OrphanInput,
  OrphanStatus,
  PaymentMethod,
} from '@contract';

export const DONATION_PRESETS = [500, 1000, 5000] as const;
export const DEFAULT_PRESET = 1000;
/** The total collected counts up over about two seconds. */
export const COUNTER_MS = 2000;
export const ORPHAN_STATUSES = ['Active', 'Sponsored', 'Graduated', 'Inactive'] as const;
