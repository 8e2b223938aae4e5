import { handleCommand } from '@platform/decider/handle-command';
import type { Member } from '@testing/members';
import { registerMember } from '@testing/members';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { memberWithRole } from '../../moderation/testing/staff';
import { courseDecider } from '../domain/course.decider';
import { checkoutStream, courseStream, enrolmentStream, orderStream } from '../events';
import { LearningClock } from '../learning-clock';
import { commerceClient, publishedCourse } from '../testing/commerce-fixtures';
import type { CartView } from '../views';

const MINUTE = 60_000;

/**
 * Issue 35's attacks on checkout (sandbox profile; its payments never complete by themselves here,
 * so orders stay pending until a test settles them): a price raised between cart and charge,
 * overlapping checkouts, pending orders that never expire, a signed callback for a reference the
 * order never asked for.
 */
describeOnProfiles(
  'checkout: the price the member saw, one pending order per course, expiry',
  (rt) => {
    const { post, types, order, orders, requestedReference, sandboxCallback, pendingOrder } = commerceClient(rt);

    let teacher: Member;
    beforeAll(async () => {
      teacher = await registerMember(rt());
    });
    afterEach(() => jest.restoreAllMocks());

    it('refuses a checkout whose total is not the one the screen showed, with the cart as it is now', async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '1000' });
      const buyer = await registerMember(rt());
      const cart = (await post(buyer, '/api/cart/add', { courseId: c.courseId }).expect(201)).body as CartView;
      expect(cart.total).toBe('1000');

      // The teacher raises the price after the buyer's screen showed 1,000.
      await handleCommand(
        rt().platform.eventStore,
        courseStream(c.courseId),
        courseDecider,
        { type: 'EditCourse', actorId: teacher.id, patch: { price: '49999' }, now: new Date().toISOString() },
        { actor: teacher.id },
      );
      await eventually(
        async () => ((await buyer.agent.get('/api/cart').expect(200)).body as CartView).total,
        (total) => total === '49999',
        'the catalogue shows the new price',
      );

      const stale = await post(buyer, '/api/checkout', { method: 'card', expectedTotal: '1000' }).expect(409);
      expect(stale.body).toMatchObject({
        error: 'Conflict',
        code: 'PRICE_CHANGED',
        message: 'A price changed since you opened your cart: check the new total and pay again',
        total: '49999',
        cart: { count: 1, total: '49999', items: [expect.objectContaining({ courseId: c.courseId })] },
      });
      // The 409's cart is GET /api/cart's.
      expect(stale.body.cart).toEqual((await buyer.agent.get('/api/cart').expect(200)).body);
      // Nothing was ordered or reserved.
      expect(await orders(buyer)).toEqual([]);
      expect(await types(checkoutStream(buyer.id))).toEqual([]);

      // A number is read as KES too; a lowered price is a change as well.
      await post(buyer, '/api/checkout', { method: 'card', expectedTotal: 1000 }).expect(409);
      await post(buyer, '/api/checkout', { method: 'card', expectedTotal: '50000' }).expect(409);
      // Buy Now (courseIds) is held to its total the same way.
      await post(buyer, '/api/checkout', { method: 'card', courseIds: [c.courseId], expectedTotal: '1000' }).expect(
        409,
      );

      const paid = await post(buyer, '/api/checkout', { method: 'card', expectedTotal: '49999.00' }).expect(201);
      expect(paid.body).toMatchObject({ status: 'pending', total: '49999' });
    });

    it('needs expectedTotal, a plain KES amount', async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '700' });
      const buyer = await registerMember(rt());
      const message = 'expectedTotal is required: the total your screen showed, e.g. "1500" or "1499.50"';
      for (const expectedTotal of [undefined, null, '', '12.345', '-700', '7e2', 'seven hundred', 700.001, -1, true])
        expect(
          (await post(buyer, '/api/checkout', { method: 'card', courseIds: [c.courseId], expectedTotal }).expect(400))
            .body,
        ).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
      expect(await orders(buyer)).toEqual([]);
    });

    it('keeps a course in one pending order: a second order of it is 409 with the pending order', async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '500' });
      const d = await publishedCourse(rt(), teacher.id, { price: '300' });
      const buyer = await registerMember(rt());
      const first = await post(buyer, '/api/checkout', {
        method: 'card',
        courseIds: [c.courseId],
        expectedTotal: '500',
      }).expect(201);
      const orderId = first.body.orderId as string;

      // Alone, or with another course, by either method: the same refusal, naming the pending order.
      for (const body of [
        { method: 'card', courseIds: [c.courseId], expectedTotal: '500' },
        { method: 'mpesa', phone: '0712345678', courseIds: [d.courseId, c.courseId], expectedTotal: '800' },
      ]) {
        const again = await post(buyer, '/api/checkout', body).expect(409);
        expect(again.body).toMatchObject({
          error: 'Conflict',
          code: 'ORDER_PENDING',
          order: { id: orderId, status: 'pending', total: '500', items: [{ courseId: c.courseId, price: '500' }] },
        });
      }
      // Even with a stale total: the pending order is what the member needs to hear about.
      expect(
        (await post(buyer, '/api/checkout', { method: 'card', courseIds: [c.courseId], expectedTotal: '1' })).body,
      ).toMatchObject({ code: 'ORDER_PENDING' });
      expect((await orders(buyer)).map((o) => o.id)).toEqual([orderId]);

      // Another course is free to order; another member is not affected.
      await post(buyer, '/api/checkout', { method: 'card', courseIds: [d.courseId], expectedTotal: '300' }).expect(201);
      const other = await registerMember(rt());
      await post(other, '/api/checkout', { method: 'card', courseIds: [c.courseId], expectedTotal: '500' }).expect(201);

      // The first order fails: its course can be ordered again.
      await sandboxCallback(orderId, await requestedReference(orderId), 'failed', 50_000).expect(200);
      expect(await order(buyer, orderId)).toMatchObject({ status: 'failed' });
      const retry = await post(buyer, '/api/checkout', {
        method: 'card',
        courseIds: [c.courseId],
        expectedTotal: '500',
      }).expect(201);
      expect(retry.body.orderId).not.toBe(orderId);
    });

    it("shows a moderator the member's reservations as of each checkout (audit replay)", async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '500' });
      const d = await publishedCourse(rt(), teacher.id, { price: '300' });
      const buyer = await registerMember(rt());
      const checkout = async (courseId: string, expectedTotal: string) =>
        (await post(buyer, '/api/checkout', { method: 'card', courseIds: [courseId], expectedTotal }).expect(201)).body
          .orderId as string;
      const first = await checkout(c.courseId, '500');
      const second = await checkout(d.courseId, '300');
      const mod = await memberWithRole(rt(), 'moderator');
      const stateAt = async (version: number) =>
        (await mod.agent.get(`/api/admin/audit/streams/${checkoutStream(buyer.id)}/state?at=${version}`).expect(200))
          .body;

      expect(await stateAt(0)).toEqual({
        streamId: checkoutStream(buyer.id),
        kind: 'checkout',
        version: 0,
        time: expect.any(String),
        lastVersion: 1,
        lastTime: expect.any(String),
        // Holds are bookkeeping, not something members saw: there is no member-visible view.
        view: null,
        state: { holds: { [c.courseId]: first }, reservedAt: { [first]: expect.any(String) } },
      });
      expect((await stateAt(1)).state).toEqual({
        holds: { [c.courseId]: first, [d.courseId]: second },
        reservedAt: { [first]: expect.any(String), [second]: expect.any(String) },
      });
    });

    it('lets exactly one of several simultaneous checkouts of a course place an order', async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '650' });
      const buyer = await registerMember(rt());
      await post(buyer, '/api/cart/add', { courseId: c.courseId }).expect(201);
      // Five tabs press Pay at once.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post(buyer, '/api/checkout', { method: 'card', expectedTotal: '650' })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409]);
      const winner = answers.find((a) => a.status === 201)!.body.orderId as string;
      for (const lost of answers.filter((a) => a.status === 409))
        expect(lost.body).toMatchObject({ code: 'ORDER_PENDING', order: { id: winner } });
      expect((await orders(buyer)).map((o) => o.id)).toEqual([winner]);
      expect(await types(checkoutStream(buyer.id))).toEqual(['CoursesReserved']);
    });

    it('pays a pending order again as the same order, for its owner only', async () => {
      const { course: c, buyer, orderId } = await pendingOrder(teacher, '400');
      const again = await post(buyer, `/api/orders/${orderId}/pay`, {}).expect(200);
      expect(again.body).toMatchObject({ orderId, status: 'pending', total: '400', provider: 'sandbox' });
      expect((await orders(buyer)).map((o) => o.id)).toEqual([orderId]);

      const stranger = await registerMember(rt());
      await post(stranger, `/api/orders/${orderId}/pay`, {}).expect(404);
      await post(buyer, '/api/orders/nope/pay', {}).expect(404);
      await post(buyer, `/api/orders/${orderId}/pay`, { phone: 42 }).expect(400);

      // Paid: there is nothing left to pay.
      await sandboxCallback(orderId, await requestedReference(orderId), 'succeeded', 40_000).expect(200);
      expect(await order(buyer, orderId)).toMatchObject({ status: 'paid' });
      const closed = await post(buyer, `/api/orders/${orderId}/pay`, {}).expect(409);
      expect(closed.body).toMatchObject({ code: 'ORDER_NOT_PENDING' });
      // And the course is owned: a new order of it is refused.
      expect(
        (await post(buyer, '/api/checkout', { method: 'card', courseIds: [c.courseId], expectedTotal: '400' })).body,
      ).toMatchObject({ code: 'ALREADY_OWNED' });
    });

    it('refuses a correctly signed sandbox callback for a reference the order never requested, and changes nothing', async () => {
      const { course: c, buyer, orderId } = await pendingOrder(teacher, '900');
      const before = await types(orderStream(orderId));
      for (const status of ['succeeded', 'failed'] as const) {
        const foreign = await sandboxCallback(orderId, 'sbx_never_requested', status, 90_000).expect(409);
        expect(foreign.body).toMatchObject({ code: 'PAYMENT_NOT_REQUESTED' });
      }
      expect(await types(orderStream(orderId))).toEqual(before);
      expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
      expect(await types(enrolmentStream(c.courseId, buyer.id))).toEqual([]);
    });

    it('expires a pending order after ORDER_PENDING_TTL; a payment arriving later is given back, not enrolled', async () => {
      const { course: c, buyer, orderId } = await pendingOrder(teacher, '750');
      const reference = await requestedReference(orderId);
      const clock = rt().http!.get(LearningClock);

      // A minute short of the TTL: still pending.
      jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 29 * MINUTE));
      await new Promise((r) => setTimeout(r, 1500));
      expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });

      jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 31 * MINUTE));
      await eventually(
        () => order(buyer, orderId),
        (o) => o.status === 'expired',
        'the order expired',
      );
      expect((await types(orderStream(orderId))).filter((t) => t === 'OrderExpired')).toHaveLength(1);
      // Nothing to pay any more.
      await post(buyer, `/api/orders/${orderId}/pay`, {}).expect(409);

      // The payer completes the payment late: recorded, flagged and refunded by itself; no enrolment.
      await sandboxCallback(orderId, reference, 'succeeded', 75_000).expect(200);
      const flagged = (await rt().platform.eventStore.readStream(orderStream(orderId))).find(
        (e) => e.type === 'OrderPaymentFlagged',
      );
      expect(flagged?.data).toMatchObject({ reason: 'order_closed', reference, amount: 75_000 });
      await eventually(
        () => rt().platform.eventStore.readStream(orderStream(orderId)),
        (events) => events.some((e) => e.type === 'OrderRefundIssued'),
        'the late payment given back',
      );
      expect(await order(buyer, orderId)).toMatchObject({ status: 'expired' });
      expect(await types(enrolmentStream(c.courseId, buyer.id))).toEqual([]);

      // The course is free to order again.
      await post(buyer, '/api/checkout', { method: 'card', courseIds: [c.courseId], expectedTotal: '750' }).expect(201);
    });
  },
  // The sandbox's own callbacks would settle the orders these tests keep pending.
  { PAYMENTS_SANDBOX_DELAY_MS: '60000' },
);
