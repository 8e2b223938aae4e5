import { bodyText } from '@modules/payments/adapters/payment-input';
import { registerMember } from '@testing/members';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { enrolmentStream, orderStream } from '../events';
import { commerceClient, publishedCourse } from '../testing/commerce-fixtures';
import { moderator } from '../testing/courses';
import { withFakeProviders } from '../testing/fake-providers-app';
import type { OrderView } from '../views';

/**
 * The real providers' webhooks through the app: Stripe events signed by the SDK's test signer
 * (against the fake Stripe server) and Daraja's callbacks as Safaricom posts them (fake Daraja).
 */
describe('payment webhooks of Stripe and M-Pesa Daraja', () => {
  const app = withFakeProviders();
  const { server, post, deliver, order, types, enrolledOnce, providers, requestedReference, pendingOrder } =
    commerceClient(() => app.rt);

  it('names the providers and Stripe’s publishable key', async () => {
    expect((await request(server()).get('/api/payments/config').expect(200)).body).toEqual({
      card: 'stripe',
      mpesa: 'mpesa',
      stripePublishableKey: 'pk_test_deenconnect',
      sandboxDelayMs: 3000,
    });
  });

  it('pays a card order from Stripe’s signed event, once for two deliveries; a decline leaves it payable', async () => {
    const c = await publishedCourse(app.rt, app.teacher.id, { price: '1200' });
    const buyer = await registerMember(app.rt);
    const res = await post(buyer, '/api/checkout', {
      method: 'card',
      courseIds: [c.courseId],
      expectedTotal: '1200',
    }).expect(201);
    expect(res.body).toMatchObject({ provider: 'stripe', total: '1200', clientAction: { kind: 'stripe_card' } });
    const intent = app.stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(intent?.form).toMatchObject({ amount: '120000', currency: 'kes', metadata: { orderId: res.body.orderId } });
    const { orderId } = res.body as { orderId: string };
    const reference = await requestedReference(orderId);

    // The first card is declined: Stripe keeps the PaymentIntent payable, so the order stays pending.
    await deliver(app.stripe.settle(reference, 'decline')).expect(200);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
    const paid = app.stripe.settle(reference, 'pay');
    await deliver(paid).expect(200);
    await deliver(paid).expect(200);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'paid', provider: 'stripe' });
    expect(await enrolledOnce(c.courseId, buyer.id)).toBe(1);
    expect((await types(orderStream(orderId))).filter((t) => t === 'OrderPaid')).toHaveLength(1);

    // Tampered or unsigned: 400, nothing recorded.
    await deliver({ ...paid, rawBody: bodyText(paid.rawBody).replace('120000', '1') }).expect(400);
    await request(server())
      .post('/api/payments/webhooks/stripe')
      .send({ type: 'payment_intent.succeeded' })
      .expect(400);
    // A genuine event about something else: 200, ignored.
    await deliver(app.stripe.signedWebhook({ id: 'evt_other', type: 'customer.created', data: { object: {} } })).expect(
      200,
    );
  });

  it('refunds a Stripe order through the Stripe API, once', async () => {
    const { course: c, buyer, orderId } = await pendingOrder(app.teacher, '300');
    const reference = await requestedReference(orderId);
    await deliver(app.stripe.settle(reference, 'pay')).expect(200);
    await enrolledOnce(c.courseId, buyer.id);
    const refunded = (await post(buyer, `/api/orders/${orderId}/refund`).expect(200)).body as OrderView;
    expect(refunded).toMatchObject({ status: 'refunded', refundStatus: 'refunded' });
    await eventually(
      () => types(enrolmentStream(c.courseId, buyer.id)),
      (t) => t.includes('EnrolmentRevoked'),
      'enrolment revoked',
    );
    // Once at Stripe: one refund, under one idempotency key. A command retried after a concurrent
    // append to the order's stream (a loaded machine) asks again under the same key, which Stripe
    // answers with the first refund.
    const calls = app.stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === reference);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(calls.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`deenconnect-refund-${reference}`]),
    );
  });

  it('refunds once at Stripe when the buyer and a moderator refund the same order at the same moment', async () => {
    const { course: c, buyer, orderId } = await pendingOrder(app.teacher, '650');
    const mod = await moderator(app.rt);
    const reference = await requestedReference(orderId);
    await deliver(app.stripe.settle(reference, 'pay')).expect(200);
    await enrolledOnce(c.courseId, buyer.id);

    // Both reach the provider before either is recorded: each refund call waits for the other.
    const adapter = providers().byName('stripe')!;
    const refund = adapter.refund.bind(adapter);
    let arrived = 0;
    let bothIn!: () => void;
    const both = new Promise<void>((resolve) => (bothIn = resolve));
    jest.spyOn(adapter, 'refund').mockImplementation(async (input) => {
      if (++arrived === 2) bothIn();
      await both;
      return refund(input);
    });
    const answers = await Promise.all([
      post(buyer, `/api/orders/${orderId}/refund`),
      post(mod, `/api/admin/orders/${orderId}/refund`, { reason: 'Asked support as well' }),
    ]);
    // Whoever is recorded second is told the order is no longer paid; neither is a second refund.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, a.body.code]).toEqual([409, 'ORDER_NOT_PAID']);
    jest.restoreAllMocks();
    const calls = app.stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === reference);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    // One key for every call about this payment: Stripe creates one refund and replays it to the rest.
    expect(new Set(calls.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`deenconnect-refund-${reference}`]),
    );
    const events = await app.rt.platform.eventStore.readStream(orderStream(orderId));
    expect(events.filter((e) => e.type === 'OrderRefunded')).toHaveLength(1);
    expect(
      new Set(
        events
          .filter((e) => e.type === 'OrderRefundIssued')
          .map((e) => (e.data as { refundReference: string }).refundReference),
      ).size,
    ).toBe(1);
  });

  it('pays an M-Pesa order from Daraja’s callback (answering it Accepted), once; a cancelled push closes it', async () => {
    const c = await publishedCourse(app.rt, app.teacher.id, { price: '250' });
    const buyer = await registerMember(app.rt);
    const res = await post(buyer, '/api/checkout', {
      method: 'mpesa',
      phone: '0712 345 678',
      courseIds: [c.courseId],
      expectedTotal: '250',
    }).expect(201);
    expect(res.body).toMatchObject({ provider: 'mpesa', clientAction: { kind: 'mpesa_stk' } });
    const { orderId } = res.body as { orderId: string };
    const callback = app.daraja.settle(res.body.clientAction.checkoutRequestId, 'pay');
    expect(callback.url.startsWith('/api/payments/callbacks/daraja?')).toBe(true);
    for (let i = 0; i < 2; i++)
      expect((await deliver(callback).expect(200)).body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // The same callback on the documented route is the same payment.
    const query = callback.url.slice(callback.url.indexOf('?'));
    await deliver(callback, `/api/payments/webhooks/mpesa${query}`).expect(200);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'paid', provider: 'mpesa' });
    expect(await enrolledOnce(c.courseId, buyer.id)).toBe(1);
    // A wrong token is refused.
    await deliver(callback, `/api/payments/webhooks/mpesa${query.replace(/token=[^&]+/, 'token=abc')}`).expect(400);
    // No phone number in the order's events.
    expect(JSON.stringify(await app.rt.platform.eventStore.readStream(orderStream(orderId)))).not.toMatch(/345\s?678/);

    // M-Pesa refunds are manual: recorded and shown.
    const refunded = (await post(buyer, `/api/orders/${orderId}/refund`).expect(200)).body as OrderView;
    expect(refunded).toMatchObject({ status: 'refunded', refundStatus: 'manual_required' });

    const other = await publishedCourse(app.rt, app.teacher.id, { price: '250' });
    const declined = await post(buyer, '/api/checkout', {
      method: 'mpesa',
      phone: '0712345678',
      courseIds: [other.courseId],
      expectedTotal: '250',
    }).expect(201);
    await deliver(app.daraja.settle(declined.body.clientAction.checkoutRequestId, 'decline')).expect(200);
    expect(await order(buyer, declined.body.orderId)).toMatchObject({ status: 'failed' });
  });
});
