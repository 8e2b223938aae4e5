import type { OrderHistoryView } from '@contract';
import type { OrderEvent } from '@modules/learning';

import { paymentFailed, paymentFlagged, paymentPaid, paymentRequested, refundIssued } from './payment';
import type { HistoryView, SeenEvent } from './types';

/**
 * An order as its buyer and the teacher saw it: items, amounts, status and the provider's references.
 * The M-Pesa payer digest is never copied: no card or phone data reaches the view.
 */
export function foldOrder(events: readonly SeenEvent<OrderEvent>[]): OrderHistoryView | null {
  let view: OrderHistoryView | null = null;
  for (const e of events) {
    if (e.type === 'OrderPlaced') {
      const d = e.data;
      view = {
        kind: 'order',
        orderId: d.orderId,
        buyerId: d.userId,
        items: d.items.map((i) => ({ courseId: i.courseId, title: i.title, price: i.price })),
        total: d.total,
        currency: d.currency,
        method: d.method,
        status: 'pending',
        provider: null,
        references: [],
        paid: null,
        failureReason: null,
        flagged: [],
        refunded: null,
        refunds: [],
        placedAt: d.placedAt,
      };
      continue;
    }
    if (!view) continue;
    switch (e.type) {
      case 'OrderPaymentRequested':
        view = paymentRequested(view, e.data.provider, e.data.reference);
        break;
      case 'OrderPaid': {
        const d = e.data;
        view = {
          ...paymentPaid(view, d.provider, d.reference),
          paid: { amount: d.amount, reference: d.reference, at: d.paidAt },
        };
        break;
      }
      case 'OrderPaymentFailed':
        view = paymentFailed(view, e.data.reason);
        break;
      case 'OrderExpired':
        view = { ...view, status: 'expired' };
        break;
      case 'OrderCancelled':
        view = { ...view, status: 'cancelled' };
        break;
      case 'OrderPaymentFlagged':
        view = paymentFlagged(view, e.data, e.data.flaggedAt);
        break;
      case 'OrderRefunded': {
        const d = e.data;
        view = {
          ...view,
          status: 'refunded',
          refunded: { amount: d.amount, by: d.refundedBy, reason: d.reason ?? null, at: d.refundedAt },
        };
        break;
      }
      case 'OrderRefundIssued':
        view = refundIssued(view, e.data, e.data.issuedAt);
        break;
    }
  }
  return view;
}

export const orderView: HistoryView<OrderHistoryView, OrderEvent> = { needs: [], fold: foldOrder };
