/**
 * Orphan support's HTTP shapes (spec part 2 §2 Support, §3 Orphan / auditors, §4 Donation, §5, §7, §9):
 * what the server answers and the /support screen reads. Money is KES in major units as a decimal
 * string (as in learning.ts); the server keeps integer cents inside. Payment methods, providers and the
 * client action after starting a payment are the learning marketplace's (one payment port).
 */
import type { ClientAction, Money, PaymentMethod, PaymentProvider } from './learning';

export type OrphanStatus = 'Active' | 'Sponsored' | 'Graduated' | 'Inactive';

/** GET /api/orphans → Orphan[]; `raised` is the sum of its paid donations. */
export interface Orphan {
  id: string;
  /** Shown as ORP-KE-{uniqueId}. */
  uniqueId: string;
  location: string;
  status: OrphanStatus;
  raised: Money;
  goal: Money;
}

/** Admin view and input: the public Orphan plus the story. */
export interface OrphanDetail extends Orphan {
  story: string;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/admin/orphans (all required) and PATCH /api/admin/orphans/:id (any subset). */
export interface OrphanInput {
  uniqueId: string;
  location: string;
  status: OrphanStatus;
  goal: Money;
  story: string;
}

/** GET /api/auditors → Auditor[] (admins: POST/PATCH/DELETE /api/admin/auditors[/:id]). */
export interface Auditor {
  id: string;
  name: string;
  /** An image URL, or null for the initials badge. */
  logo: string | null;
  /** ISO date (YYYY-MM-DD). */
  lastAuditDate: string;
  isoCertified: boolean;
  governmentApproved: boolean;
}

export type AuditorInput = Omit<Auditor, 'id'>;

/** GET /api/donations/status; PUT /api/admin/donations {paused} answers the same. */
export interface DonationsStatus {
  paused: boolean;
  /** The configured ceiling for one donation (KES), so the dialog can say it before the server does. */
  maxAmount: Money;
}

/** POST /api/notify/donations-open: a guest sends `email`; a signed-in member sends nothing. */
export interface NotifyRequest {
  email?: string;
}

export interface NotifyAnswer {
  /**
   * Always true: the answer is the same whether or not the address was on the list (a guest's
   * address is on it only once confirmed by the mailed link).
   */
  subscribed: boolean;
  message: string;
}

/** POST /api/donate. `amount` is KES major units; a number or a decimal string. */
export interface DonateRequest {
  amount: number | string;
  isAnonymous: boolean;
  method: PaymentMethod;
  /** Required for M-Pesa: 07XXXXXXXX, 2547XXXXXXXX or +2547XXXXXXXX. */
  phone?: string;
  /** Omitted: the general fund. */
  orphanId?: string;
  /** Sandbox card number (declining test numbers as at checkout). */
  cardNumber?: string;
}

export type DonationStatus = 'pending' | 'paid' | 'failed' | 'refunded';

/** POST /api/donate → 201 DonateAnswer; then poll GET /api/donations/:id (the donor only). */
export interface DonateAnswer {
  donationId: string;
  status: 'pending';
  amount: Money;
  provider: PaymentProvider | null;
  clientAction: ClientAction;
}

export interface DonationView {
  id: string;
  amount: Money;
  currency: 'KES';
  status: DonationStatus;
  method: PaymentMethod;
  orphanId: string | null;
  isAnonymous: boolean;
  createdAt: string;
  paidAt: string | null;
  failureReason: string | null;
}

export type LedgerKind = 'donation' | 'disbursement';

export interface LedgerEntry {
  id: string;
  amount: Money;
  currency: 'KES';
  /** ISO time the money moved (payment confirmed, disbursement recorded). */
  time: string;
  orphanId: string | null;
  /** The donor's display name, or 'Anonymous'; for a disbursement, the recipient's label. */
  donor: string;
  kind: LedgerKind;
}

/** GET /api/donations/ledger?cursor=&limit= — newest first; `total` = paid donations − disbursements. */
export interface LedgerPage {
  total: Money;
  /** Sum of paid donations alone: the "total collected" counter of §2. */
  collected: Money;
  entries: LedgerEntry[];
  nextCursor: string | null;
}

/** POST /api/admin/disbursements (admin). */
export interface DisbursementInput {
  amount: number | string;
  orphanId?: string;
  note: string;
}
