import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { type CartDoc, LEARNING_CARTS, LEARNING_ORDERS, type OrderDoc } from './docs';
import { learningCommerceProjector } from './learning-commerce.projector';

const T = '2026-11-25T10:00:00.000Z';
const U = 'u1';
const added = (courseId: string) => ({ type: 'CartItemAdded', data: { userId: U, courseId, addedAt: T } });
const order = (type: string, data: Record<string, unknown>) =>
  inStream('order-o1', { type, data: { orderId: 'o1', ...data } });
const placed = order('OrderPlaced', {
  userId: U,
  items: [{ courseId: 'c1', teacherId: 't1', title: 'Arabic', price: 150_000 }],
  total: 150_000,
  currency: 'KES',
  method: 'card',
  placedAt: T,
});
const paid = order('OrderPaid', {
  userId: U,
  provider: 'sandbox',
  amount: 150_000,
  reference: 'sbx_1',
  courseIds: ['c1'],
  paidAt: T,
});
const refunded = order('OrderRefunded', {
  userId: U,
  provider: 'sandbox',
  amount: 150_000,
  reference: 'sbx_1',
  courseIds: ['c1'],
  refundedBy: U,
  refundedAt: T,
});
const issued = (reference: string, status: string) =>
  order('OrderRefundIssued', {
    userId: U,
    provider: 'sandbox',
    reference,
    amount: 150_000,
    status,
    refundReference: null,
    message: null,
    issuedAt: T,
  });

describe('learning-commerce projector', () => {
  it('keeps a cart in the order courses were added, once each, without the removed and the bought', async () => {
    await projectionSpec(learningCommerceProjector)
      .given(
        inStream(
          `cart-${U}`,
          added('c1'),
          added('c2'),
          added('c3'),
          { type: 'CartItemRemoved', data: { userId: U, courseId: 'c2', removedAt: T } },
          { type: 'CartEmptied', data: { userId: U, orderId: 'o1', courseIds: ['c1'], emptiedAt: T } },
        ),
      )
      .inBatchesOf(2)
      .then<CartDoc>(LEARNING_CARTS, U, { items: [{ courseId: 'c3', addedAt: T }] });
  });

  it('follows an order from placed to paid to refunded, with the refund status of its own payment only', async () => {
    await projectionSpec(learningCommerceProjector)
      .given([
        ...placed,
        ...order('OrderPaymentRequested', { provider: 'sandbox', reference: 'sbx_1', requestedAt: T }),
        ...paid,
        ...issued('sbx_other', 'refunded'),
      ])
      .then<OrderDoc>(LEARNING_ORDERS, 'o1', { status: 'paid', provider: 'sandbox', paidAt: T, refundStatus: null });
    await projectionSpec(learningCommerceProjector)
      .given([...placed, ...paid, ...refunded])
      .then<OrderDoc>(LEARNING_ORDERS, 'o1', { status: 'refunded', refundedAt: T, refundStatus: 'pending' });
    await projectionSpec(learningCommerceProjector)
      .given([...placed, ...paid, ...refunded, ...issued('sbx_1', 'manual_required')])
      .inBatchesOf(1)
      .then(async ({ collection, replay }) => {
        expect(await collection<OrderDoc>(LEARNING_ORDERS).get('o1')).toMatchObject({
          refundStatus: 'manual_required',
        });
        const rebuilt = await replay();
        expect(await rebuilt<OrderDoc>(LEARNING_ORDERS).get('o1')).toMatchObject({ refundStatus: 'manual_required' });
      });
  });

  it('shows an order expired unpaid as expired', async () => {
    await projectionSpec(learningCommerceProjector)
      .given([...placed, ...order('OrderExpired', { userId: U, placedAt: T, expiredAt: T })])
      .then<OrderDoc>(LEARNING_ORDERS, 'o1', { status: 'expired', paidAt: null });
  });

  it('records a failed payment with its reason', async () => {
    await projectionSpec(learningCommerceProjector)
      .given([...placed, ...order('OrderPaymentFailed', { userId: U, reason: 'Your card was declined', failedAt: T })])
      .then<OrderDoc>(LEARNING_ORDERS, 'o1', {
        status: 'failed',
        failureReason: 'Your card was declined',
        provider: null,
      });
  });
});
