import type { OrphanStatus } from '@modules/support/events';

export const SUPPORT_PROJECTOR = 'support';
/** The sockets with the support page on screen (watch_support): told when its figures change. */
export const SUPPORT_ROOM = 'support';
/** One document per registered orphan; `raised` is the sum of its paid donations. */
export const SUPPORT_ORPHANS = 'support_orphans';
/** The "Audited By" list. */
export const SUPPORT_AUDITORS = 'support_auditors';
/** The public ledger: one entry per paid donation and per disbursement, sorted by `position`. */
export const SUPPORT_LEDGER = 'support_ledger';
/** One document (`LEDGER_TOTALS_ID`): the sums the ledger's entries add up to. */
export const SUPPORT_TOTALS = 'support_totals';
/** The notify-me list (one document per address key), for the mail round when donations open. */
export const SUPPORT_NOTIFY = 'support_notify_subscribers';

export const LEDGER_TOTALS_ID = 'ledger';

/** Amounts in KES cents; the module's queries format them for the wire. */
export interface OrphanDoc {
  [key: string]: unknown;
  id: string;
  uniqueId: string;
  location: string;
  status: OrphanStatus;
  goal: number;
  raised: number;
  story: string;
  createdAt: string;
  updatedAt: string;
}

export interface AuditorDoc {
  [key: string]: unknown;
  id: string;
  name: string;
  logo: string | null;
  lastAuditDate: string;
  isoCertified: boolean;
  governmentApproved: boolean;
}

export interface LedgerDoc {
  [key: string]: unknown;
  /** The donation's or the disbursement's id. */
  id: string;
  kind: 'donation' | 'disbursement';
  amount: number;
  /** When the money moved. */
  time: string;
  orphanId: string | null;
  /** The donor, only for a donation that is not anonymous: an anonymous donor is never copied here. */
  donorId: string | null;
  /** A disbursement's note. */
  note: string | null;
  /** The event's log position: newest first, stable across replays. */
  position: string;
}

export interface LedgerTotalsDoc {
  [key: string]: unknown;
  id: string;
  /** Paid donations, KES cents. */
  collected: number;
  disbursed: number;
  donations: number;
  disbursements: number;
}

export interface NotifySubscriberDoc {
  [key: string]: unknown;
  /** sha256 of the normalised address (the subscriber stream's key). */
  id: string;
  subscribedAt: string;
  /** Followed the confirmation link (or a verified member): only these are mailed when donations open. */
  confirmed: boolean;
}
