import type { DonationHistoryView } from '@contract';
import type { DonationEvent } from '@modules/support';

import { paymentFailed, paymentFlagged, paymentPaid, paymentRequested, refundIssued } from './payment';
import type { HistoryView, SeenEvent } from './types';

/**
 * A donation: amount, status and the provider's references and receipt. Members saw "Anonymous"
 * for an anonymous gift; the view keeps the donor for moderators and says it was anonymous.
 */
export function foldDonation(events: readonly SeenEvent<DonationEvent>[]): DonationHistoryView | null {
  let view: DonationHistoryView | null = null;
  for (const e of events) {
    if (e.type === 'DonationPledged') {
      const d = e.data;
      view = {
        kind: 'donation',
        donationId: d.donationId,
        donorId: d.donorId,
        anonymous: d.isAnonymous,
        orphanId: d.orphanId,
        amount: d.amount,
        currency: d.currency,
        method: d.method,
        status: 'pending',
        provider: null,
        references: [],
        receipt: null,
        failureReason: null,
        flagged: [],
        refunds: [],
        pledgedAt: d.at,
      };
      continue;
    }
    if (!view) continue;
    switch (e.type) {
      case 'DonationPaymentRequested':
        view = paymentRequested(view, e.data.provider, e.data.reference);
        break;
      case 'DonationPaid':
        view = {
          ...paymentPaid(view, e.data.provider, e.data.reference),
          amount: e.data.amount,
          receipt: e.data.receipt,
        };
        break;
      case 'DonationPaymentFailed':
        view = paymentFailed(view, e.data.reason);
        break;
      case 'DonationPaymentFlagged':
        view = paymentFlagged(view, e.data, e.data.at);
        break;
      case 'DonationRefundIssued':
        view = refundIssued(view, e.data, e.data.at);
        break;
    }
  }
  return view;
}

export const donationView: HistoryView<DonationHistoryView, DonationEvent> = { needs: [], fold: foldDonation };
