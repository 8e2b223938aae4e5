import type { CartEvent, OrderEvent } from '@modules/learning/events';
import type { Collection } from '@platform/read-store/read-store.port';

import { defineProjector } from '../runner';
import { type CartDoc, LEARNING_CARTS, LEARNING_COMMERCE_PROJECTOR, LEARNING_ORDERS, type OrderDoc } from './docs';

/**
 * Carts (which courses, since when) and orders (status, items, payment and refund) of the learning
 * marketplace. Course cards are not copied here: the cart shows them as the catalogue has them now.
 */
export const learningCommerceProjector = defineProjector<CartEvent | OrderEvent>({
  name: LEARNING_COMMERCE_PROJECTOR,
  version: 1,
  collections: [
    { name: LEARNING_CARTS },
    { name: LEARNING_ORDERS, indexes: [{ fields: ['userId'], sort: { field: 'createdAt' } }] },
  ],
  on: {
    async CartItemAdded({ data }, ctx) {
      const carts = ctx.collection<CartDoc>(LEARNING_CARTS);
      const cart = (await carts.get(data.userId)) ?? { id: data.userId, items: [] };
      // Replayed events find the item already there: idempotent.
      if (cart.items.some((i) => i.courseId === data.courseId)) return;
      await carts.upsert({ ...cart, items: [...cart.items, { courseId: data.courseId, addedAt: data.addedAt }] });
    },
    async CartItemRemoved({ data }, ctx) {
      await removeFromCart(ctx.collection<CartDoc>(LEARNING_CARTS), data.userId, [data.courseId]);
    },
    async CartEmptied({ data }, ctx) {
      await removeFromCart(ctx.collection<CartDoc>(LEARNING_CARTS), data.userId, data.courseIds);
    },
    async OrderPlaced({ data }, ctx) {
      await ctx.collection<OrderDoc>(LEARNING_ORDERS).upsert({
        id: data.orderId,
        userId: data.userId,
        status: 'pending',
        items: data.items.map(({ courseId, title, price }) => ({ courseId, title, price })),
        total: data.total,
        method: data.method,
        provider: null,
        paymentReference: null,
        createdAt: data.placedAt,
        paidAt: null,
        failureReason: null,
        refundedAt: null,
        refundStatus: null,
      });
    },
    async OrderPaymentRequested({ data }, ctx) {
      await ctx.collection<OrderDoc>(LEARNING_ORDERS).update(data.orderId, { set: { provider: data.provider } });
    },
    async OrderPaid({ data }, ctx) {
      await ctx.collection<OrderDoc>(LEARNING_ORDERS).update(data.orderId, {
        set: { status: 'paid', provider: data.provider, paymentReference: data.reference, paidAt: data.paidAt },
      });
    },
    async OrderPaymentFailed({ data }, ctx) {
      await ctx
        .collection<OrderDoc>(LEARNING_ORDERS)
        .update(data.orderId, { set: { status: 'failed', failureReason: data.reason } });
    },
    async OrderExpired({ data }, ctx) {
      await ctx.collection<OrderDoc>(LEARNING_ORDERS).update(data.orderId, { set: { status: 'expired' } });
    },
    async OrderCancelled({ data }, ctx) {
      await ctx.collection<OrderDoc>(LEARNING_ORDERS).update(data.orderId, { set: { status: 'cancelled' } });
    },
    // A flagged payment changes nothing the payer sees on the order: it is given back on its own.
    OrderPaymentFlagged() {},
    async OrderRefunded({ data }, ctx) {
      const orders = ctx.collection<OrderDoc>(LEARNING_ORDERS);
      const order = await orders.get(data.orderId);
      if (!order) return;
      // The provider's answer may already be recorded (the refund service appends both together).
      await orders.upsert({
        ...order,
        status: 'refunded',
        refundedAt: data.refundedAt,
        refundStatus: order.refundStatus ?? 'pending',
      });
    },
    async OrderRefundIssued({ data }, ctx) {
      const orders = ctx.collection<OrderDoc>(LEARNING_ORDERS);
      const order = await orders.get(data.orderId);
      // Only the refund of the payment that paid the order is the order's refund status.
      if (!order || order.paymentReference !== data.reference) return;
      await orders.upsert({ ...order, refundStatus: data.status });
    },
  },
});

async function removeFromCart(carts: Collection<CartDoc>, userId: string, courseIds: readonly string[]) {
  const cart = await carts.get(userId);
  if (!cart) return;
  const items = cart.items.filter((i) => !courseIds.includes(i.courseId));
  if (items.length !== cart.items.length) await carts.upsert({ ...cart, items });
}
