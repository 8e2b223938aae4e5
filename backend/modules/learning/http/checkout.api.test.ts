import type { OutboxMail } from '@modules/mail';
import { sandboxCallback } from '@modules/payments/testing/sandbox-callbacks';
import { handleCommand } from '@platform/decider/handle-command';
import type { Member } from '@testing/members';
import { anonymous, registerMember } from '@testing/members';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { orderDecider } from '../domain/order.decider';
import { cartStream, enrolmentStream, orderStream } from '../events';
import { LearningClock } from '../learning-clock';
import { commerceClient, publishedCourse } from '../testing/commerce-fixtures';
import type { CartView, OrderView } from '../views';

const DAY = 24 * 60 * 60_000;

describeOnProfiles(
  'learning checkout, sandbox payments, orders and refunds',
  (rt) => {
    const { server, post, types, order, providers, deliver } = commerceClient(rt);
    const settled = (m: Member, id: string) =>
      eventually(
        () => order(m, id),
        (o) => o.status !== 'pending',
        `order ${id} settled`,
      );
    const enrolled = async (courseId: string, userId: string) =>
      (await types(enrolmentStream(courseId, userId))).filter((t) => t === 'EnrolmentGranted').length;

    /** The buyer's mails once `count` have arrived (the receipt is queued after the enrolment). */
    const receipts = async (m: Member, count: number) => {
      const mails = await eventually(
        async () => {
          await rt().platform.jobQueue.idle();
          const res = await request(server()).get('/api/dev/outbox').query({ to: m.email.toLowerCase() }).expect(200);
          return (res.body.mails as OutboxMail[]).filter((mail) => mail.template === 'order-receipt');
        },
        (found) => found.length >= count,
        `${count} receipt(s) for ${m.email}`,
      );
      await rt().platform.jobQueue.idle();
      return mails;
    };

    let teacher: Member;
    beforeAll(async () => {
      teacher = await registerMember(rt());
    });
    afterEach(() => jest.restoreAllMocks());

    it('tells the screen which provider takes each method', async () => {
      const res = await request(server()).get('/api/payments/config').expect(200);
      expect(res.body).toEqual({ card: 'sandbox', mpesa: 'sandbox', stripePublishableKey: null, sandboxDelayMs: 300 });
    });

    it('buys the cart end to end: checkout, the sandbox calls back, paid, enrolled, cart emptied', async () => {
      const a = await publishedCourse(rt(), teacher.id, { price: '1500' });
      const b = await publishedCourse(rt(), teacher.id, { price: '999.50' });
      const buyer = await registerMember(rt());
      await post(buyer, '/api/cart/add', { courseId: a.courseId }).expect(201);
      const cart = (await post(buyer, '/api/cart/add', { courseId: b.courseId }).expect(201)).body as CartView;
      expect(cart).toMatchObject({ count: 2, total: '2499.50' });
      expect(cart.items.map((i) => i.courseId)).toEqual([a.courseId, b.courseId]);

      const res = await post(buyer, '/api/checkout', {
        method: 'card',
        cardNumber: '4242 4242 4242 4242',
        expectedTotal: cart.total,
      }).expect(201);
      expect(res.body).toEqual({
        orderId: expect.any(String),
        status: 'pending',
        total: '2499.50',
        provider: 'sandbox',
        clientAction: expect.objectContaining({ kind: 'sandbox', completesInMs: 300 }),
      });
      const orderId = res.body.orderId as string;
      // The order is there at once; pending unless the sandbox's callback (300 ms on) beat this read, as it
      // does on a loaded machine.
      const placed = await order(buyer, orderId);
      expect(placed).toMatchObject({ provider: 'sandbox', method: 'card' });
      expect(['pending', 'paid']).toContain(placed.status);

      const paid = await settled(buyer, orderId);
      expect(paid).toMatchObject({
        status: 'paid',
        total: '2499.50',
        items: [
          { courseId: a.courseId, title: a.title, price: '1500' },
          { courseId: b.courseId, title: b.title, price: '999.50' },
        ],
        refundStatus: null,
      });
      expect(Date.parse(paid.refundableUntil!) - Date.parse(paid.paidAt!)).toBe(7 * DAY);
      await eventually(
        async () => (await buyer.agent.get('/api/cart').expect(200)).body as CartView,
        (c) => c.count === 0,
        'cart emptied after purchase',
      );
      expect(await enrolled(a.courseId, buyer.id)).toBe(1);
      expect(await enrolled(b.courseId, buyer.id)).toBe(1);
      expect(await types(cartStream(buyer.id))).toEqual(['CartItemAdded', 'CartItemAdded', 'CartEmptied']);
      // The receipt, in the language of the checkout (English here), once.
      const [receipt] = await receipts(buyer, 1);
      expect(receipt).toMatchObject({
        template: 'order-receipt',
        locale: 'en',
        subject: `Your DeenConnect receipt for order ${orderId.replace(/-/g, '').slice(-6).toUpperCase()}`,
      });
      expect(receipt!.text).toContain('We received KSh\u00a02,499.50 by the test payment service');
      expect(receipt!.text).toContain(`\u2068${b.title}\u2069: KSh\u00a0999.50`);

      // Bought is owned: the cart, a free enrol and a second checkout refuse it.
      await post(buyer, '/api/cart/add', { courseId: a.courseId }).expect(409);
      const again = await post(buyer, '/api/checkout', {
        method: 'card',
        courseIds: [a.courseId],
        expectedTotal: '1500',
      }).expect(409);
      expect(again.body).toMatchObject({ code: 'ALREADY_OWNED', message: 'You already own this course' });
      expect((await buyer.agent.get('/api/orders').expect(200)).body.map((o: OrderView) => o.id)).toEqual([orderId]);
    });

    it('delivers a signed callback twice and enrols once; a second payment of a paid order is flagged and refunded', async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '500' });
      const buyer = await registerMember(rt());
      const res = await post(buyer, '/api/checkout', {
        method: 'mpesa',
        phone: '0712345678',
        courseIds: [c.courseId],
        expectedTotal: '500',
      })
        // Checked out in Arabic: the receipt is Arabic.
        .set('Accept-Language', 'ar')
        .expect(201);
      const { orderId } = res.body as { orderId: string };
      const reference = res.body.clientAction.checkoutRequestId as string;
      expect(res.body.clientAction.kind).toBe('mpesa_stk');
      // A second STK push for the same order (the payer asked again) while the first is unanswered.
      await handleCommand(
        rt().platform.eventStore,
        orderStream(orderId),
        orderDecider,
        { type: 'RequestPayment', provider: 'sandbox', reference: 'sbx_second', now: new Date().toISOString() },
        { actor: null },
      );
      const sandbox = providers().sandbox!;
      const callback = (ref: string) =>
        sandboxCallback(sandbox, {
          orderId,
          reference: ref,
          amount: 50_000,
          method: 'mpesa',
          receipt: 'SBX1',
        });
      for (const ref of [reference, reference, 'sbx_second'])
        await deliver(callback(ref), '/api/payments/webhooks/sandbox').expect(200);
      expect(await settled(buyer, orderId)).toMatchObject({ status: 'paid' });
      const events = await types(orderStream(orderId));
      expect(events.filter((t) => t === 'OrderPaid')).toHaveLength(1);
      expect(events.filter((t) => t === 'OrderPaymentFlagged')).toHaveLength(1);
      await eventually(
        () => types(orderStream(orderId)),
        (t) => t.includes('OrderRefundIssued'),
        'the second payment given back',
      );
      const issued = (await rt().platform.eventStore.readStream(orderStream(orderId))).find(
        (e) => e.type === 'OrderRefundIssued',
      );
      expect(issued?.data).toMatchObject({ reference: 'sbx_second', status: 'refunded' });
      await eventually(
        () => enrolled(c.courseId, buyer.id),
        (n) => n === 1,
        'enrolled',
      );
      // The sandbox's own callback for the first reference arrives too, later: nothing more happens.
      await new Promise((r) => setTimeout(r, 500));
      expect(await enrolled(c.courseId, buyer.id)).toBe(1);
      expect((await types(orderStream(orderId))).filter((t) => t === 'OrderPaid')).toHaveLength(1);
      // No phone number in any event of the order.
      const raw = JSON.stringify(await rt().platform.eventStore.readStream(orderStream(orderId)));
      expect(raw).not.toMatch(/712345678/);
      // One receipt for the payment applied, however many callbacks came: Arabic, as the checkout was.
      const mails = await receipts(buyer, 1);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ locale: 'ar', subject: expect.stringMatching(/^إيصال طلبك رقم [0-9A-F]{6} /) });
      expect(mails[0]!.text).toContain('المجموع: 500\u00a0شلن');
      expect(mails[0]!.text).not.toMatch(/712345678/);
    });

    it('refuses the second of two checkouts of one cart while the first waits for its payment', async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '650' });
      const buyer = await registerMember(rt());
      await post(buyer, '/api/cart/add', { courseId: c.courseId }).expect(201);
      // Two tabs: both check out before the first payment has come back. Sent together: one after the
      // other, a busy machine let the sandbox's 300 ms payment land in between.
      const answers = await Promise.all(
        [0, 1].map(() => post(buyer, '/api/checkout', { method: 'card', expectedTotal: '650' })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const first = answers.find((a) => a.status === 201)!.body.orderId as string;
      const second = answers.find((a) => a.status === 409)!;
      expect(second.body).toMatchObject({ code: 'ORDER_PENDING', order: { id: first } });
      expect(await settled(buyer, first)).toMatchObject({ status: 'paid' });
      expect((await buyer.agent.get('/api/orders').expect(200)).body.map((o: OrderView) => o.id)).toEqual([first]);
      await eventually(
        () => types(enrolmentStream(c.courseId, buyer.id)),
        (t) => t.length > 0,
        'enrolled',
      );
      expect(await types(enrolmentStream(c.courseId, buyer.id))).toEqual(['EnrolmentGranted']);
    });

    it('flags a payment of the wrong amount and gives it back, leaving the order unpaid', async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '800' });
      const buyer = await registerMember(rt());
      // The sandbox's payer would pay the 800 asked for by itself after its delay, and on a loaded
      // machine could do so before the short payment below arrives: this payer pays 100 instead.
      const payer = jest
        .spyOn(providers().sandbox! as unknown as { schedule(...args: unknown[]): void }, 'schedule')
        .mockImplementationOnce(() => undefined);
      const res = await post(buyer, '/api/checkout', {
        method: 'mpesa',
        phone: '0712345678',
        courseIds: [c.courseId],
        expectedTotal: '800',
      }).expect(201);
      const { orderId } = res.body as { orderId: string };
      expect(payer).toHaveBeenCalledTimes(1);
      payer.mockRestore();
      const hook = sandboxCallback(providers().sandbox!, {
        orderId,
        reference: res.body.clientAction.checkoutRequestId,
        amount: 100,
        method: 'mpesa',
        receipt: 'SBX2',
      });
      await deliver(hook, '/api/payments/webhooks/sandbox').expect(200);
      const flagged = (await rt().platform.eventStore.readStream(orderStream(orderId))).find(
        (e) => e.type === 'OrderPaymentFlagged',
      );
      expect(flagged?.data).toMatchObject({ reason: 'amount_mismatch', amount: 100 });
      await eventually(
        () => types(orderStream(orderId)),
        (t) => t.includes('OrderRefundIssued'),
        'the short payment given back',
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
      expect(await enrolled(c.courseId, buyer.id)).toBe(0);
    });

    it('refuses unsigned, tampered and unknown-provider callbacks with 400/404', async () => {
      await request(server()).post('/api/payments/webhooks/sandbox').send({ data: {} }).expect(400);
      const hook = sandboxCallback(providers().sandbox!, {
        orderId: 'o',
        reference: 'sbx_x',
        amount: 1,
      });
      const tampered = await deliver(
        { ...hook, rawBody: (hook.rawBody as string).replace('"amount":1', '"amount":2') },
        '/api/payments/webhooks/sandbox',
      ).expect(400);
      expect(tampered.body).toMatchObject({ code: 'WEBHOOK_REJECTED' });
      // Stripe is not configured in this suite.
      await request(server()).post('/api/payments/webhooks/stripe').send({}).expect(404);
      await request(server()).post('/api/payments/webhooks/paypal').send({}).expect(404);
    });

    it('closes the order when the sandbox card is declined; the cart stays for another try', async () => {
      const c = await publishedCourse(rt(), teacher.id);
      const buyer = await registerMember(rt());
      await post(buyer, '/api/cart/items', { courseId: c.courseId, quantity: 1 }).expect(201);
      const res = await post(buyer, '/api/checkout', {
        method: 'card',
        cardNumber: '4000 0000 0000 0002',
        expectedTotal: '1500',
      }).expect(201);
      expect(await settled(buyer, res.body.orderId)).toMatchObject({
        status: 'failed',
        failureReason: 'Your card was declined',
      });
      expect((await buyer.agent.get('/api/cart/items').expect(200)).body).toEqual([
        { courseId: c.courseId, course: expect.objectContaining({ id: c.courseId }) },
      ]);
      expect(await enrolled(c.courseId, buyer.id)).toBe(0);
    });

    it('answers a provider refusal with its status and leaves the order failed, not half-written', async () => {
      const c = await publishedCourse(rt(), teacher.id);
      const buyer = await registerMember(rt());
      const res = await post(buyer, '/api/checkout', {
        method: 'mpesa',
        phone: '12345',
        courseIds: [c.courseId],
        expectedTotal: '1500',
      }).expect(400);
      expect(res.body).toMatchObject({ code: 'INVALID_PAYMENT' });
      const [failed] = (await buyer.agent.get('/api/orders').expect(200)).body as OrderView[];
      expect(failed).toMatchObject({ status: 'failed', provider: null });
      // A retry is a new checkout.
      await post(buyer, '/api/checkout', {
        method: 'mpesa',
        phone: '0712345678',
        courseIds: [c.courseId],
        expectedTotal: '1500',
      }).expect(201);
    });

    it('validates checkout and cart input, and needs a signed-in member', async () => {
      const c = await publishedCourse(rt(), teacher.id);
      const free = await publishedCourse(rt(), teacher.id, { price: '0' });
      const draft = await publishedCourse(rt(), teacher.id, { listed: false });
      const buyer = await registerMember(rt());
      const guest = await anonymous(rt());
      await guest.agent.post('/api/checkout').set('X-CSRF-Token', guest.token).send({ method: 'card' }).expect(401);
      await guest.agent.get('/api/cart').expect(401);
      await guest.agent.get('/api/orders').expect(401);
      await post(buyer, '/api/checkout', { method: 'card', expectedTotal: '0' }).expect(400, {
        error: 'Bad Request',
        message: 'Your cart is empty',
        code: 'VALIDATION_FAILED',
      });
      const bad = await post(buyer, '/api/checkout', { method: 'paypal', expectedTotal: '0' }).expect(400);
      expect(bad.body.message).toContain("Payment method must be 'card' or 'mpesa'");
      await post(buyer, '/api/checkout', { method: 'card', courseIds: [free.courseId], expectedTotal: '0' }).expect(
        409,
      );
      await post(buyer, '/api/checkout', { method: 'card', courseIds: ['nope'], expectedTotal: '0' }).expect(404);
      await post(buyer, '/api/checkout', {
        method: 'card',
        courseIds: [c.courseId, c.courseId],
        expectedTotal: '3000',
      }).expect(400);

      await post(buyer, '/api/cart/add', { courseId: c.courseId }).expect(201);
      const dup = await post(buyer, '/api/cart/add', { courseId: c.courseId }).expect(409);
      expect(dup.body).toMatchObject({ message: 'This course is already in your cart' });
      await post(buyer, '/api/cart/items', { courseId: c.courseId, quantity: 1 }).expect(409);
      await post(buyer, '/api/cart/add', { courseId: draft.courseId }).expect(404);
      await post(buyer, '/api/cart/add', { courseId: 12345 }).expect(404);
      await post(buyer, '/api/cart/add', { courseId: free.courseId }).expect(409);
      await post(buyer, '/api/cart/add', {}).expect(400);
      await post(buyer, '/api/cart/items', { courseId: c.courseId, quantity: 2 }).expect(400);
      await post(teacher, '/api/cart/add', { courseId: c.courseId }).expect(409);
      const removed = await buyer.agent
        .delete(`/api/cart/remove/${c.courseId}`)
        .set('X-CSRF-Token', buyer.token)
        .expect(200);
      expect(removed.body).toEqual({ items: [], count: 0, total: '0' });
      // Removing what is not there answers the cart as it is.
      await buyer.agent.delete(`/api/cart/remove/${c.courseId}`).set('X-CSRF-Token', buyer.token).expect(200);
    });

    it('shows orders to their owner only, and refunds within 7 days of payment', async () => {
      const c = await publishedCourse(rt(), teacher.id, { price: '700' });
      const buyer = await registerMember(rt());
      const other = await registerMember(rt());
      const { orderId } = (
        await post(buyer, '/api/checkout', { method: 'card', courseIds: [c.courseId], expectedTotal: '700' }).expect(
          201,
        )
      ).body as { orderId: string };
      await settled(buyer, orderId);
      await other.agent.get(`/api/orders/${orderId}`).expect(404);
      await post(other, `/api/orders/${orderId}/refund`).expect(404);
      expect((await other.agent.get('/api/orders').expect(200)).body).toEqual([]);
      await eventually(
        () => enrolled(c.courseId, buyer.id),
        (n) => n === 1,
        'enrolled',
      );

      const clock = rt().http!.get(LearningClock);
      jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 7 * DAY + 60_000));
      const late = await post(buyer, `/api/orders/${orderId}/refund`).expect(409);
      expect(late.body).toMatchObject({ message: 'The 7-day refund window for this order has closed' });
      jest.restoreAllMocks();

      const refunded = (await post(buyer, `/api/orders/${orderId}/refund`).expect(200)).body as OrderView;
      expect(refunded).toMatchObject({ status: 'refunded', refundStatus: 'refunded', refundableUntil: null });
      expect(refunded.refundedAt).toEqual(expect.any(String));
      await eventually(
        () => types(enrolmentStream(c.courseId, buyer.id)),
        (t) => t.includes('EnrolmentRevoked'),
        'enrolment revoked by the refund',
      );
      await post(buyer, `/api/orders/${orderId}/refund`).expect(409);
      // The provider was asked once: one refund recorded.
      expect((await types(orderStream(orderId))).filter((t) => t === 'OrderRefundIssued')).toHaveLength(1);
      await post(buyer, `/api/orders/nope/refund`).expect(404);
    });
  },
  { PAYMENTS_SANDBOX_DELAY_MS: '300' },
);
