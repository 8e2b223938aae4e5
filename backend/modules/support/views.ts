/**
 * What the support routes answer (API.md), from the contract shared with the web app
 * (contract/support.ts). Read models keep cents; the queries turn them into these shapes.
 */
export type {
  Auditor,
  DonateAnswer,
  DonationsStatus,
  DonationView,
  LedgerEntry,
  LedgerPage,
  NotifyAnswer,
  Orphan,
  OrphanDetail,
} from '@contract';
