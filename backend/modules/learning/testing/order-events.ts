import type { OrderEvent, PaymentMethod, PaymentProvider } from '../events';

/** When the decider tests' order o1 is placed; `at(ms)` is a moment that long after. */
export const T0 = '2026-11-25T10:00:00.000Z';
export const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

type Placed = Extract<OrderEvent, { type: 'OrderPlaced' }>;

/** Order o1 of member u1, placed at T0: a course c<n> of teacher t1 per price (KES cents). */
export function orderPlaced(method: PaymentMethod, prices: readonly number[]): Placed {
  const items = prices.map((price, i) => ({
    courseId: `c${i + 1}`,
    teacherId: 't1',
    title: `Course c${i + 1}`,
    price,
  }));
  const total = prices.reduce((sum, price) => sum + price, 0);
  return {
    type: 'OrderPlaced',
    data: { orderId: 'o1', userId: 'u1', items, total, currency: 'KES', method, placedAt: T0 },
  };
}

/** What the payment of a placed order and its refund both say of it: all of it paid, for every course. */
export function paymentOf(placed: Placed, provider: PaymentProvider, reference: string) {
  const { orderId, userId, total, items } = placed.data;
  return { orderId, userId, provider, amount: total, reference, courseIds: items.map((i) => i.courseId) };
}

export function orderPaid(placed: Placed, provider: PaymentProvider, reference: string, paidAt: string): OrderEvent {
  return { type: 'OrderPaid', data: { ...paymentOf(placed, provider, reference), paidAt } };
}

export function orderRefunded(
  placed: Placed,
  provider: PaymentProvider,
  reference: string,
  refund: { refundedBy: string; refundedAt: string; reason?: string },
): OrderEvent {
  return { type: 'OrderRefunded', data: { ...paymentOf(placed, provider, reference), ...refund } };
}
