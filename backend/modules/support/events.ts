/**
 * Events of orphan support (spec part 2 §2 Support, §3, §4, §5, §9). Every amount is integer KES cents;
 * the spec's decimal strings exist only at the HTTP edge (`parseKes` / `formatKes` of platform/money.ts).
 * Streams:
 * - `orphan-registry`: every registered orphan (admins add and edit; a few hundred at most, and one
 *   stream is what keeps `uniqueId` unique without a read model);
 * - `auditor-registry`: the "Audited By" list;
 * - `donation-settings`: the paused flag (paused until an admin opens donations);
 * - `donations-open-<sha256(normalised email)>`: one notify-me subscriber, so two sign-ups of one
 *   address meet on one stream version (the address itself is sealed in the personal data vault);
 * - `donation-<donationId>`: one donation and its payment;
 * - `support-disbursements`: money paid out, with the running sum the "funds held" check needs.
 */
import type { PaymentMethod, PaymentProvider } from '@modules/payments/events';

export type { PaymentMethod, PaymentProvider };

export const ORPHAN_STATUSES = ['Active', 'Sponsored', 'Graduated', 'Inactive'] as const;
export type OrphanStatus = (typeof ORPHAN_STATUSES)[number];

// ---- Orphan registry ----------------------------------------------------------------------------

export interface OrphanFields {
  /** Shown as ORP-KE-{uniqueId}; upper case, unique across the registry. */
  uniqueId: string;
  location: string;
  status: OrphanStatus;
  /** KES cents. */
  goal: number;
  story: string;
}

export type OrphanEvent =
  | { type: 'OrphanRegistered'; data: OrphanFields & { orphanId: string; registeredBy: string; at: string } }
  | {
      type: 'OrphanEdited';
      /** Only the fields that changed. */
      data: { orphanId: string; changes: Partial<OrphanFields>; editedBy: string; at: string };
    };

// ---- Auditors -----------------------------------------------------------------------------------

export interface AuditorFields {
  name: string;
  logo: string | null;
  /** YYYY-MM-DD. */
  lastAuditDate: string;
  isoCertified: boolean;
  governmentApproved: boolean;
}

export type AuditorEvent =
  | { type: 'AuditorAdded'; data: AuditorFields & { auditorId: string; addedBy: string; at: string } }
  | {
      type: 'AuditorEdited';
      data: { auditorId: string; changes: Partial<AuditorFields>; editedBy: string; at: string };
    }
  | { type: 'AuditorRemoved'; data: { auditorId: string; removedBy: string; at: string } };

// ---- Paused flag --------------------------------------------------------------------------------

export type DonationSettingsEvent =
  | { type: 'DonationsOpened'; data: { openedBy: string; at: string } }
  | { type: 'DonationsPaused'; data: { pausedBy: string; at: string } };

// ---- Notify-me ----------------------------------------------------------------------------------

export type NotifySubscriberEvent =
  | {
      type: 'DonationsOpenSubscribed';
      data: {
        /** sha256 of the trimmed, lower-cased address (the stream's key). */
        key: string;
        /** The address, sealed in the vault under `vaultSubject` (shredding the key forgets it). */
        sealedEmail: string;
        vaultSubject: string;
        /** The member who asked, or null for a guest. */
        userId: string | null;
        at: string;
        /**
         * sha256 of the unsubscribe link's token (the token itself is sealed with the address).
         * Missing on sign-ups from before double opt-in: those are no subscription until asked again.
         */
        unsubscribeHash?: string;
      };
    }
  | {
      /** A confirmation link was mailed; `tokenHash` is its token's sha256. */
      type: 'DonationsOpenConfirmationSent';
      data: { key: string; tokenHash: string; mailId: string; at: string };
    }
  | {
      /** The address is confirmed: by its link, or at once for a member whose account address is verified. */
      type: 'DonationsOpenConfirmed';
      data: { key: string; via: 'link' | 'verified-account'; at: string };
    }
  | {
      /** Off the list (the address's vault key is shredded too); asking again starts anew. */
      type: 'DonationsOpenUnsubscribed';
      data: { key: string; at: string };
    }
  | {
      type: 'DonationsOpenNotified';
      /** `openingId`: the DonationsOpened event's id, so each opening mails a subscriber once. */
      data: { key: string; openingId: string; mailId: string; at: string };
    };

// ---- Donation -----------------------------------------------------------------------------------

export type DonationEvent =
  | {
      type: 'DonationPledged';
      data: {
        donationId: string;
        /** Kept even for an anonymous donation: anonymity is what the public sees, not what we record. */
        donorId: string;
        amount: number;
        currency: 'KES';
        method: PaymentMethod;
        orphanId: string | null;
        isAnonymous: boolean;
        at: string;
        /** The language the donor gave in: their receipt's (absent before receipts: English). */
        language?: 'en' | 'ar';
      };
    }
  | {
      type: 'DonationPaymentRequested';
      data: { donationId: string; provider: PaymentProvider; reference: string; at: string };
    }
  | {
      type: 'DonationPaid';
      data: {
        donationId: string;
        donorId: string;
        amount: number;
        orphanId: string | null;
        isAnonymous: boolean;
        provider: PaymentProvider;
        reference: string;
        receipt: string | null;
        at: string;
      };
    }
  | { type: 'DonationPaymentFailed'; data: { donationId: string; donorId: string; reason: string; at: string } }
  | {
      type: 'DonationPaymentFlagged';
      /** Money that arrived but does not pay the donation as pledged: given back (README). */
      data: {
        donationId: string;
        provider: PaymentProvider;
        reference: string;
        amount: number;
        reason: 'amount_mismatch' | 'already_paid' | 'donation_closed';
        at: string;
      };
    }
  | {
      type: 'DonationRefundIssued';
      /** The provider's answer to giving a flagged payment back (support-followups.reactor.ts). */
      data: {
        donationId: string;
        provider: PaymentProvider;
        reference: string;
        amount: number;
        status: 'refunded' | 'pending' | 'manual_required';
        refundReference: string | null;
        message: string | null;
        at: string;
      };
    };

// ---- Disbursements ------------------------------------------------------------------------------

export type DisbursementEvent = {
  type: 'DisbursementRecorded';
  data: {
    disbursementId: string;
    amount: number;
    orphanId: string | null;
    note: string;
    recordedBy: string;
    at: string;
  };
};

export type SupportEvent =
  | OrphanEvent
  | AuditorEvent
  | DonationSettingsEvent
  | NotifySubscriberEvent
  | DonationEvent
  | DisbursementEvent;

export const ORPHAN_REGISTRY_STREAM = 'orphan-registry';
export const AUDITOR_REGISTRY_STREAM = 'auditor-registry';
export const DONATION_SETTINGS_STREAM = 'donation-settings';
export const DISBURSEMENTS_STREAM = 'support-disbursements';
export const NOTIFY_STREAM_PREFIX = 'donations-open-';
export const notifyStream = (key: string) => `${NOTIFY_STREAM_PREFIX}${key}`;
export const donationStream = (donationId: string) => `donation-${donationId}`;
