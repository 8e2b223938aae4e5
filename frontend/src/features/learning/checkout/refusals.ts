import { isRecord } from '@/app/baseQuery';

import type { CartView, Money, OrderView, RefundRefusal } from '../types';

/**
 * The checkout refusals the screen acts on (409 of POST /api/checkout, contract/learning.ts):
 * PRICE_CHANGED carries the cart as it is now and what this checkout would cost now; ORDER_PENDING
 * the order of the member still waiting for payment.
 */
export type CheckoutRefusal =
  | { code: 'PRICE_CHANGED'; total: Money; cart: CartView | null }
  | { code: 'ORDER_PENDING'; order: OrderView };

function body(error: unknown): Record<string, unknown> | null {
  if (!isRecord(error) || error.status !== 409 || !isRecord(error.data)) return null;
  return error.data;
}

export function checkoutRefusal(error: unknown): CheckoutRefusal | null {
  const data = body(error);
  if (!data) return null;
  if (data.code === 'PRICE_CHANGED' && typeof data.total === 'string')
    return {
      code: 'PRICE_CHANGED',
      total: data.total,
      cart: isRecord(data.cart) ? (data.cart as unknown as CartView) : null,
    };
  if (data.code === 'ORDER_PENDING' && isRecord(data.order) && typeof data.order.id === 'string')
    return { code: 'ORDER_PENDING', order: data.order as unknown as OrderView };
  return null;
}

/**
 * Why paying an order again (POST /api/orders/:id/pay) was refused, when the screen says it in the
 * member's words: PAYER_CHANGED (409: an M-Pesa order is paid only from the number it was placed
 * with), ORDER_NOT_PENDING (409: paid meanwhile, expired, or too close to expiring) and RATE_LIMITED
 * (429: the `order-payments` budget).
 */
export type PayAgainRefusal = 'PAYER_CHANGED' | 'ORDER_NOT_PENDING' | 'RATE_LIMITED';

export function payAgainRefusal(error: unknown): PayAgainRefusal | null {
  if (!isRecord(error) || !isRecord(error.data)) return null;
  const { code } = error.data;
  if (error.status === 409 && (code === 'PAYER_CHANGED' || code === 'ORDER_NOT_PENDING')) return code;
  if (error.status === 429 && code === 'RATE_LIMITED') return code;
  return null;
}

const REFUND_REFUSALS: readonly RefundRefusal[] = ['ORDER_NOT_PAID', 'REFUND_WINDOW_CLOSED', 'COURSE_CONSUMED'];

/** The code of a refused refund (409 of POST /api/orders/:id/refund), when it is one the screens word themselves. */
export function refundRefusal(error: unknown): RefundRefusal | null {
  const code = body(error)?.code;
  return REFUND_REFUSALS.find((known) => known === code) ?? null;
}
