import type { Member } from '@testing/members';
import { registerMember } from '@testing/members';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { enrolmentStream, orderStream } from '../events';
import { commerceClient } from '../testing/commerce-fixtures';

/**
 * `POST /api/orders/:id/cancel`: the buyer gives up on a pending order (an M-Pesa prompt that never
 * came). Attacks: cancelling someone else's order, a paid one, cancelling and then paying anyway.
 */
describeOnProfiles(
  'cancelling a pending order',
  (rt) => {
    const { post, types, order, orders, sandboxCallback, requestedReference, pendingOrder } = commerceClient(rt);
    const mpesa = { method: 'mpesa', phone: '0712345678' };

    let teacher: Member;
    beforeAll(async () => {
      teacher = await registerMember(rt());
    });

    it('closes the order at once, and its course can be ordered again', async () => {
      const { buyer, orderId, course } = await pendingOrder(teacher, '300', mpesa);
      const answer = await post(buyer, `/api/orders/${orderId}/cancel`).expect(200);
      expect(answer.body).toMatchObject({ id: orderId, status: 'cancelled' });
      // Read-your-writes: the list shows it too.
      expect((await orders(buyer)).find((o) => o.id === orderId)).toMatchObject({ status: 'cancelled' });
      // Nothing holds the course any more (a pending order would answer 409 ORDER_PENDING).
      await post(buyer, '/api/checkout', { ...mpesa, courseIds: [course.courseId], expectedTotal: '300' }).expect(201);
    });

    it('answers the same when cancelled twice, with one cancel in the log', async () => {
      const { buyer, orderId } = await pendingOrder(teacher, '310', mpesa);
      await post(buyer, `/api/orders/${orderId}/cancel`).expect(200);
      await post(buyer, `/api/orders/${orderId}/cancel`).expect(200);
      expect((await types(orderStream(orderId))).filter((t) => t === 'OrderCancelled')).toHaveLength(1);
    });

    it("does not find another member's order, and leaves it pending", async () => {
      const { buyer, orderId } = await pendingOrder(teacher, '320', mpesa);
      const intruder = await registerMember(rt());
      const refused = await post(intruder, `/api/orders/${orderId}/cancel`).expect(404);
      expect(refused.body).toEqual({ error: 'Not Found', message: 'Order not found', code: 'ORDER_NOT_FOUND' });
      expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
    });

    it('refuses to cancel a paid order (a refund is the way back)', async () => {
      const { buyer, orderId, course } = await pendingOrder(teacher, '330', mpesa);
      await sandboxCallback(orderId, await requestedReference(orderId), 'succeeded', 33_000).expect(200);
      await eventually(
        () => order(buyer, orderId),
        (o) => o.status === 'paid',
        'paid',
      );
      const refused = await post(buyer, `/api/orders/${orderId}/cancel`).expect(409);
      expect(refused.body).toEqual({
        error: 'Conflict',
        message: 'This order is no longer waiting for payment',
        code: 'ORDER_NOT_PENDING',
      });
      expect(await order(buyer, orderId)).toMatchObject({ status: 'paid' });
      expect(await types(enrolmentStream(course.courseId, buyer.id))).toContain('EnrolmentGranted');
    });

    it('gives back a payment approved after the cancel, and enrols no one', async () => {
      const { buyer, orderId, course } = await pendingOrder(teacher, '340', mpesa);
      const reference = await requestedReference(orderId);
      await post(buyer, `/api/orders/${orderId}/cancel`).expect(200);
      // The member enters the PIN anyway; paying again is refused.
      const again = await post(buyer, `/api/orders/${orderId}/pay`, { phone: '0712345678' }).expect(409);
      expect(again.body).toMatchObject({ code: 'ORDER_NOT_PENDING' });
      await sandboxCallback(orderId, reference, 'succeeded', 34_000).expect(200);
      await eventually(
        () => rt().platform.eventStore.readStream(orderStream(orderId)),
        (events) =>
          events.some((e) => e.type === 'OrderPaymentFlagged') && events.some((e) => e.type === 'OrderRefundIssued'),
        'the late payment flagged and given back',
      );
      expect(await order(buyer, orderId)).toMatchObject({ status: 'cancelled' });
      expect(await types(enrolmentStream(course.courseId, buyer.id))).toEqual([]);
    });

    it('does not find an id that is no order id', async () => {
      const buyer = await registerMember(rt());
      const refused = await post(buyer, `/api/orders/${encodeURIComponent("x' OR 1=1 --")}/cancel`).expect(404);
      expect(refused.body).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    });
  },
  { PAYMENTS_SANDBOX_DELAY_MS: '60000' },
);
