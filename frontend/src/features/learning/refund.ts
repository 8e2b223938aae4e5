import type { TFunction } from 'i18next';

import type { OrderView, RefundEligibility, RefundRefusal } from './types';

/**
 * The server's REFUND_MAX_PROGRESS default (backend/modules/learning): the share of a course's lessons
 * a buyer may complete and still be refunded. What the server sends (`refund.maxProgress`) wins;
 * this is only for a page that has no order to ask about (a course not bought yet).
 */
export const DEFAULT_REFUND_MAX_PROGRESS = 0.3;

/** The rule's percentage, as the member reads it. */
export function refundPercent(eligibility?: Pick<RefundEligibility, 'maxProgress'> | null): number {
  return Math.round((eligibility?.maxProgress ?? DEFAULT_REFUND_MAX_PROGRESS) * 100);
}

/**
 * §9: whether the Refund button shows. The server's verdict when it sent one; else (an older
 * server) paid and inside the 7 days it states.
 */
export function canRefund(order: OrderView, now = Date.now()): boolean {
  // The verdict was the server's at read time; the 7 days may run out while the page stays open.
  if (order.refund)
    return order.refund.eligible && (order.refund.until === null || Date.parse(order.refund.until) > now);
  return order.status === 'paid' && order.refundableUntil !== null && Date.parse(order.refundableUntil) > now;
}

/** The member's words (en, ar) for a refused refund; the server's English message is for API callers. */
export function refundRefusalText(t: TFunction, code: RefundRefusal, percent: number): string {
  return t(`learning.orders.refundRefused.${code}`, { percent });
}
