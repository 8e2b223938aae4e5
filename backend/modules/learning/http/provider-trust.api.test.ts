import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { IncomingWebhook } from '@modules/payments';
import { type FakeDarajaServer, startFakeDarajaServer } from '@modules/payments/testing/fake-daraja-server';
import { type FakeStripeServer, startFakeStripeServer } from '@modules/payments/testing/fake-stripe-server';
import { loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { type Member, registerMember } from '@testing/members';
import request from 'supertest';

import { type Runtime, startRuntime } from '../../../src/runtime';
import { eventually } from '../../../src/testing/eventually';
import { enrolmentStream, orderStream } from '../events';
import { publishedCourse } from '../testing/commerce-fixtures';
import type { OrderView } from '../views';

const text = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

/**
 * Issue 35 on the real providers' paths (fake Stripe and fake Daraja servers): a declined card is
 * paid again as the same order, and a correctly signed callback (Stripe's signature, Daraja's URL
 * token) for a reference the order never requested leaves the order untouched.
 */
describe('Stripe and M-Pesa: the same order after a decline, foreign references refused (embedded)', () => {
  let rt: Runtime;
  let stripe: FakeStripeServer;
  let daraja: FakeDarajaServer;
  let dir: string;
  let teacher: Member;

  beforeAll(async () => {
    [stripe, daraja] = await Promise.all([startFakeStripeServer(), startFakeDarajaServer()]);
    dir = mkdtempSync(join(tmpdir(), 'dc-api-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      FRONTEND_DIST: '/nonexistent',
      READ_YOUR_WRITES_TIMEOUT_MS: '10000',
      DATA_DIR: dir,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_deenconnect',
      MPESA_BASE_URL: daraja.baseUrl,
      MPESA_CONSUMER_KEY: daraja.consumerKey,
      MPESA_CONSUMER_SECRET: daraja.consumerSecret,
      MPESA_SHORTCODE: daraja.shortcode,
      MPESA_PASSKEY: daraja.passkey,
      MPESA_CALLBACK_URL: 'https://app.example.test/api/payments/callbacks/daraja',
    });
    rt = await startRuntime(config, createLogger('silent'));
    teacher = await registerMember(rt);
  }, 60_000);
  afterAll(async () => {
    await rt?.shutdown();
    await Promise.all([stripe?.close(), daraja?.close()]);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const server = () => rt.http!.getHttpServer();
  const post = (m: Member, path: string, body?: object) =>
    m.agent
      .post(path)
      .set('X-CSRF-Token', m.token)
      .send(body ?? {});
  const deliver = (hook: IncomingWebhook, path?: string) =>
    request(server())
      .post(path ?? hook.url)
      .set(hook.headers as Record<string, string>)
      // As text: superagent would send a Buffer as JSON of its bytes.
      .send(text(hook.rawBody));
  const order = async (m: Member, id: string) => (await m.agent.get(`/api/orders/${id}`).expect(200)).body as OrderView;
  const types = async (stream: string) => (await rt.platform.eventStore.readStream(stream)).map((e) => e.type);
  const enrolledOnce = (courseId: string, userId: string) =>
    eventually(
      () => types(enrolmentStream(courseId, userId)),
      (t) => t.length > 0,
      'enrolled',
    ).then((t) => t.filter((x) => x === 'EnrolmentGranted').length);

  const requestedReferences = async (orderId: string) =>
    (await rt.platform.eventStore.readStream(orderStream(orderId)))
      .filter((e) => e.type === 'OrderPaymentRequested')
      .map((e) => (e.data as { reference: string }).reference);

  it('pays a declined Stripe card again as the same order and PaymentIntent, never a second order', async () => {
    const c = await publishedCourse(rt, teacher.id, { price: '1200' });
    const buyer = await registerMember(rt);
    await post(buyer, '/api/cart/add', { courseId: c.courseId }).expect(201);
    const first = await post(buyer, '/api/checkout', { method: 'card', expectedTotal: '1200' }).expect(201);
    const { orderId } = first.body as { orderId: string };
    const [reference] = await requestedReferences(orderId);

    await deliver(stripe.settle(reference!, 'decline')).expect(200);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });

    // The screen checks out again: the pending order is named, no second order is placed.
    const again = await post(buyer, '/api/checkout', { method: 'card', expectedTotal: '1200' }).expect(409);
    expect(again.body).toMatchObject({ code: 'ORDER_PENDING', order: { id: orderId, status: 'pending' } });
    // Paying that order again: the same PaymentIntent and client secret (Stripe's idempotency key).
    const retry = await post(buyer, `/api/orders/${orderId}/pay`, {}).expect(200);
    expect(retry.body).toEqual({ ...first.body, orderId });
    expect(await requestedReferences(orderId)).toEqual([reference]);

    await deliver(stripe.settle(reference!, 'pay')).expect(200);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'paid', provider: 'stripe' });
    expect(await enrolledOnce(c.courseId, buyer.id)).toBe(1);
    expect((await buyer.agent.get('/api/orders').expect(200)).body.map((o: OrderView) => o.id)).toEqual([orderId]);
    const created = stripe.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.method === 'POST' &&
        (r.form.metadata as { orderId?: string })?.orderId === orderId,
    );
    // Asked twice with one idempotency key: one PaymentIntent.
    expect(new Set(created.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('refuses a Stripe event, correctly signed, for a PaymentIntent the order never requested', async () => {
    const c = await publishedCourse(rt, teacher.id, { price: '800' });
    const buyer = await registerMember(rt);
    const { orderId } = (
      await post(buyer, '/api/checkout', { method: 'card', courseIds: [c.courseId], expectedTotal: '800' }).expect(201)
    ).body as { orderId: string };
    const [reference] = await requestedReferences(orderId);
    const before = await types(orderStream(orderId));
    // Stripe's own event for this order, about another PaymentIntent (same amount, same orderId in its metadata).
    const genuine = JSON.parse(text(stripe.settle(reference!, 'pay').rawBody)) as {
      data: { object: { id: string } };
    };
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed']) {
      const foreign = stripe.signedWebhook({
        ...genuine,
        id: `evt_foreign_${type}`,
        type,
        data: { object: { ...genuine.data.object, id: 'pi_never_requested' } },
      });
      const res = await deliver(foreign).expect(409);
      expect(res.body).toMatchObject({ code: 'PAYMENT_NOT_REQUESTED' });
    }
    expect(await types(orderStream(orderId))).toEqual(before);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
    expect(await types(enrolmentStream(c.courseId, buyer.id))).toEqual([]);
  });

  it('refuses a Daraja callback with the order’s valid URL token for a CheckoutRequestID it never requested', async () => {
    const c = await publishedCourse(rt, teacher.id, { price: '250' });
    const buyer = await registerMember(rt);
    const res = await post(buyer, '/api/checkout', {
      method: 'mpesa',
      phone: '0712345678',
      courseIds: [c.courseId],
      expectedTotal: '250',
    }).expect(201);
    const { orderId } = res.body as { orderId: string };
    const requested = res.body.clientAction.checkoutRequestId as string;
    const before = await types(orderStream(orderId));
    for (const answer of ['pay', 'decline'] as const) {
      const genuine = daraja.settle(requested, answer);
      // Daraja signs nothing: the URL's token names the order and amount, the body the payment.
      const foreign = { ...genuine, rawBody: text(genuine.rawBody).replaceAll(requested, 'ws_CO_never_requested') };
      const refused = await deliver(foreign).expect(409);
      expect(refused.body).toMatchObject({ code: 'PAYMENT_NOT_REQUESTED' });
    }
    expect(await types(orderStream(orderId))).toEqual(before);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
    expect(await types(enrolmentStream(c.courseId, buyer.id))).toEqual([]);
  });
});
