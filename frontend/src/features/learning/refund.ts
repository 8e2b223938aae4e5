import type { TFunction } from 'i18next';

import type { OrderView, RefundEligibility, RefundRefusal } from './types';

/**
 * The rule's percentage, as the member reads it, from what the server sent: an order's or a course's
 * `refund`, or the course page's `refundPolicy`. Null when none came (an order answer without it).
 */
export function refundPercent(rule: Pick<RefundEligibility, 'maxProgress'>): number;
export function refundPercent(rule?: Pick<RefundEligibility, 'maxProgress'> | null): number | null;
export function refundPercent(rule?: Pick<RefundEligibility, 'maxProgress'> | null): number | null {
  return rule ? Math.round(rule.maxProgress * 100) : null;
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

/**
 * The member's words (en, ar) for a refused refund; the server's English message is for API callers.
 * Null for COURSE_CONSUMED without the percentage it names (the caller falls back to the server's).
 */
export function refundRefusalText(t: TFunction, code: RefundRefusal, percent: number | null): string | null {
  if (code === 'COURSE_CONSUMED' && percent === null) return null;
  return t(`learning.orders.refundRefused.${code}`, { percent });
}
