import { type Decider, DomainError } from '@platform/decider/decider';

import type { DonationEvent, PaymentMethod, PaymentProvider } from '../events';
import { SUPPORT_MESSAGES as M } from '../limits';

export type DonationStatus = 'pending' | 'paid' | 'failed';

export interface DonationState {
  donationId: string | null;
  status: DonationStatus | null;
  donorId: string | null;
  amount: number;
  method: PaymentMethod | null;
  orphanId: string | null;
  isAnonymous: boolean;
  /** The donor's language when giving: their receipt's. */
  language: 'en' | 'ar';
  createdAt: string | null;
  paidAt: string | null;
  failureReason: string | null;
  provider: PaymentProvider | null;
  /** References this donation asked a provider for: only these can pay it. */
  requested: readonly string[];
  /** References already recorded (paid or flagged): a replayed callback decides nothing. */
  recorded: readonly string[];
  /** Flagged payments not given back yet, by reference. */
  toRefund: ReadonlyMap<string, { amount: number; provider: PaymentProvider }>;
}

export type DonationCommand =
  | {
      type: 'Pledge';
      donationId: string;
      donorId: string;
      amount: number;
      method: PaymentMethod;
      orphanId: string | null;
      isAnonymous: boolean;
      /** Facts from other streams, read by the service first. */
      paused: boolean;
      orphanExists: boolean;
      maxAmount: number;
      now: string;
      language?: 'en' | 'ar';
    }
  | { type: 'RequestPayment'; provider: PaymentProvider; reference: string; now: string }
  | {
      type: 'RecordPayment';
      provider: PaymentProvider;
      reference: string;
      amount: number;
      receipt: string | null;
      now: string;
    }
  | { type: 'FailPayment'; reason: string; now: string }
  | {
      type: 'RecordRefund';
      reference: string;
      status: 'refunded' | 'pending' | 'manual_required';
      refundReference: string | null;
      message: string | null;
      now: string;
    };

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);

/**
 * One donation (spec part 2 §4, §5): pledged while donations are open, for an amount above 0 and at
 * most the configured ceiling, to a registered orphan or the general fund; then paid or failed by its
 * provider. A confirmation is never refused (the money has moved): one that does not pay the pledge
 * as it stands is flagged for a refund by hand instead.
 */
export const donationDecider: Decider<DonationState, DonationCommand, DonationEvent> = {
  initialState: () => ({
    donationId: null,
    status: null,
    donorId: null,
    amount: 0,
    method: null,
    orphanId: null,
    isAnonymous: false,
    language: 'en',
    createdAt: null,
    paidAt: null,
    failureReason: null,
    provider: null,
    requested: [],
    recorded: [],
    toRefund: new Map(),
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'DonationPledged':
        return {
          ...state,
          donationId: event.data.donationId,
          status: 'pending',
          donorId: event.data.donorId,
          amount: event.data.amount,
          method: event.data.method,
          orphanId: event.data.orphanId,
          isAnonymous: event.data.isAnonymous,
          language: event.data.language ?? 'en',
          createdAt: event.data.at,
        };
      case 'DonationPaymentRequested':
        return { ...state, provider: event.data.provider, requested: [...state.requested, event.data.reference] };
      case 'DonationPaid':
        return {
          ...state,
          status: 'paid',
          paidAt: event.data.at,
          provider: event.data.provider,
          recorded: [...state.recorded, event.data.reference],
        };
      case 'DonationPaymentFailed':
        return { ...state, status: 'failed', failureReason: event.data.reason };
      case 'DonationPaymentFlagged':
        return {
          ...state,
          recorded: [...state.recorded, event.data.reference],
          toRefund: new Map([
            ...state.toRefund,
            [event.data.reference, { amount: event.data.amount, provider: event.data.provider }],
          ]),
        };
      case 'DonationRefundIssued': {
        const toRefund = new Map(state.toRefund);
        toRefund.delete(event.data.reference);
        return { ...state, toRefund };
      }
    }
  },

  decide(state, c) {
    switch (c.type) {
      case 'Pledge': {
        if (state.status) throw new DomainError('DONATION_EXISTS', M.alreadyPledged, 409);
        if (c.paused) throw new DomainError('DONATIONS_PAUSED', M.donationsPaused, 409);
        if (!Number.isSafeInteger(c.amount) || c.amount <= 0) throw invalid(M.amountNotPositive);
        if (c.amount > c.maxAmount) throw invalid(M.amountTooLarge(c.maxAmount));
        if (c.orphanId !== null && !c.orphanExists) throw new DomainError('ORPHAN_NOT_FOUND', M.orphanNotFound, 404);
        return [
          {
            type: 'DonationPledged',
            data: {
              donationId: c.donationId,
              donorId: c.donorId,
              amount: c.amount,
              currency: 'KES',
              method: c.method,
              orphanId: c.orphanId,
              isAnonymous: c.isAnonymous,
              at: c.now,
              ...(c.language ? { language: c.language } : {}),
            },
          },
        ];
      }
      case 'RequestPayment':
        if (state.requested.includes(c.reference)) return [];
        if (state.status !== 'pending') throw new DomainError('DONATION_NOT_PENDING', M.notPending, 409);
        return [
          {
            type: 'DonationPaymentRequested',
            data: { donationId: state.donationId!, provider: c.provider, reference: c.reference, at: c.now },
          },
        ];
      case 'RecordPayment': {
        if (!state.status || state.recorded.includes(c.reference)) return [];
        const flag = (reason: 'amount_mismatch' | 'already_paid' | 'donation_closed'): DonationEvent[] => [
          {
            type: 'DonationPaymentFlagged',
            data: {
              donationId: state.donationId!,
              provider: c.provider,
              reference: c.reference,
              amount: c.amount,
              reason,
              at: c.now,
            },
          },
        ];
        if (state.status === 'paid') return flag('already_paid');
        if (state.status === 'failed') return flag('donation_closed');
        if (c.amount !== state.amount) return flag('amount_mismatch');
        return [
          {
            type: 'DonationPaid',
            data: {
              donationId: state.donationId!,
              donorId: state.donorId!,
              amount: c.amount,
              orphanId: state.orphanId,
              isAnonymous: state.isAnonymous,
              provider: c.provider,
              reference: c.reference,
              receipt: c.receipt,
              at: c.now,
            },
          },
        ];
      }
      case 'RecordRefund': {
        const flagged = state.toRefund.get(c.reference);
        if (!flagged) return [];
        const { amount, provider } = flagged;
        return [
          {
            type: 'DonationRefundIssued',
            data: {
              donationId: state.donationId!,
              provider,
              reference: c.reference,
              amount,
              status: c.status,
              refundReference: c.refundReference,
              message: c.message,
              at: c.now,
            },
          },
        ];
      }
      case 'FailPayment':
        if (state.status !== 'pending') return [];
        return [
          {
            type: 'DonationPaymentFailed',
            data: { donationId: state.donationId!, donorId: state.donorId!, reason: c.reason, at: c.now },
          },
        ];
    }
  },
};
