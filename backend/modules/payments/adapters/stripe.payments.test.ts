import { silentLogger } from '@platform/logging';

import { expectTimedOut } from '../testing/expect-timed-out';
import { type FakeStripeServer, startFakeStripeServer } from '../testing/fake-stripe-server';
import { describePaymentProviderContract } from '../testing/payment-provider.contract';
import { bodyText } from './payment-input';
import { StripePayments } from './stripe.payments';

/** Short, for the tests that wait for it; every other call gets a long one so a loaded machine cannot fail it. */
const TIMEOUT_MS = 400;
const RELAXED_MS = 5000;

function adapter(fake: FakeStripeServer, extra: { secretKey?: string; timeoutMs?: number } = {}) {
  return new StripePayments({
    secretKey: extra.secretKey ?? fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.apiBase,
    timeoutMs: extra.timeoutMs ?? RELAXED_MS,
    logger: silentLogger,
  });
}

describePaymentProviderContract('Stripe', 'card', async () => {
  const fake = await startFakeStripeServer();
  return {
    provider: adapter(fake),
    input: (base) => ({ ...base, method: 'card', description: 'Tajweed basics' }),
    callback: (start, answer) => Promise.resolve(fake.settle(start.reference, answer)),
    unsigned: (w) => ({ ...w, headers: { 'content-type': 'application/json' } }),
    tampered: (w) => ({
      ...w,
      rawBody: bodyText(w.rawBody).replace(/"amount_received": \d+/, '"amount_received": 100'),
    }),
    refunds: 'automatic',
    dispose: () => fake.close(),
  };
});

describe('the Stripe payment provider', () => {
  let fake: FakeStripeServer;
  let stripe: StripePayments;
  const input = (orderId = 'order-1', amount = 150_000) => ({
    orderId,
    amount,
    method: 'card' as const,
    description: 'Seerah of the Prophet',
  });

  beforeAll(async () => {
    fake = await startFakeStripeServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    stripe = adapter(fake);
  });

  it('creates a KES PaymentIntent, form-encoded, with the order in metadata and a key per order', async () => {
    const start = await stripe.start(input('order-42'));
    expect(start).toEqual({
      provider: 'stripe',
      reference: expect.stringMatching(/^pi_/),
      clientAction: { kind: 'stripe_card', clientSecret: expect.stringMatching(/^pi_.+_secret_/) },
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(request!.headers['idempotency-key']).toBe('deenconnect-order-order-42');
    expect(request!.raw).toContain('amount=150000');
    expect(request!.raw).toContain('currency=kes');
    expect(request!.form).toEqual({
      amount: '150000',
      currency: 'kes',
      allowed_payment_method_types: { 0: 'card' },
      description: 'Seerah of the Prophet',
      metadata: { orderId: 'order-42' },
    });
  });

  it('gets the same PaymentIntent back when the checkout for one order is retried', async () => {
    const first = await stripe.start(input('order-retry'));
    const again = await stripe.start(input('order-retry'));
    expect(again).toEqual(first);
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'deenconnect-order-order-retry',
      'deenconnect-order-order-retry',
    ]);
  });

  it('refuses to start the same order again with another amount (Stripe’s idempotency error)', async () => {
    await stripe.start(input('order-changed', 100_000));
    await expect(stripe.start(input('order-changed', 200_000))).rejects.toMatchObject({
      code: 'PROVIDER_REJECTED',
      detail: expect.stringMatching(/Idempotency/),
    });
  });

  it('sends a refund for the PaymentIntent with the amount and a key per payment', async () => {
    const start = await stripe.start(input('order-refund'));
    fake.settle(start.reference, 'pay');
    const refund = await stripe.refund({
      orderId: 'order-refund',
      provider: 'stripe',
      reference: start.reference,
      amount: 150_000,
    });
    expect(refund).toEqual({ status: 'refunded', refundReference: expect.stringMatching(/^re_/) });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/v1/refunds');
    expect(request.form).toEqual({
      payment_intent: start.reference,
      amount: '150000',
      metadata: { orderId: 'order-refund' },
    });
    expect(request.headers['idempotency-key']).toBe(`deenconnect-refund-${start.reference}`);
  });

  it('refuses to refund a payment that did not succeed', async () => {
    const start = await stripe.start(input('order-unpaid'));
    await expect(
      stripe.refund({ orderId: 'order-unpaid', provider: 'stripe', reference: start.reference, amount: 150_000 }),
    ).rejects.toMatchObject({ code: 'PROVIDER_REJECTED', detail: expect.stringMatching(/charge_not_refundable/) });
  });

  it('answers other event types and foreign PaymentIntents with "ignored", not an error', async () => {
    const charge = fake.signedWebhook({ id: 'evt_1', object: 'event', type: 'charge.succeeded', data: { object: {} } });
    expect(await stripe.parseWebhook(charge)).toEqual({
      kind: 'ignored',
      reason: expect.stringMatching(/charge.succeeded/),
    });
    const foreign = fake.signedWebhook({
      id: 'evt_2',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: 'pi_x',
          object: 'payment_intent',
          amount: 100,
          amount_received: 100,
          currency: 'kes',
          metadata: {},
        },
      },
    });
    expect(await stripe.parseWebhook(foreign)).toMatchObject({ kind: 'ignored' });
  });

  it('refuses a webhook signed with another endpoint’s secret', async () => {
    const start = await stripe.start(input('order-secret'));
    const webhook = fake.settle(start.reference, 'pay');
    const other = new StripePayments({
      secretKey: fake.secretKey,
      webhookSecret: 'whsec_another',
      apiBase: fake.apiBase,
      timeoutMs: RELAXED_MS,
      logger: silentLogger,
    });
    await expect(other.parseWebhook(webhook)).rejects.toThrow(/signature does not match/);
  });

  it.each([
    ['a 500', { kind: 'status', status: 500 }, 'PROVIDER_UNAVAILABLE'],
    ['a 429', { kind: 'status', status: 429, type: 'rate_limit_error' }, 'PROVIDER_UNAVAILABLE'],
    ['a 402 card error', { kind: 'status', status: 402, type: 'card_error' }, 'PROVIDER_REJECTED'],
    ['JSON that does not parse', { kind: 'raw', body: '{"id": "pi_' }, 'PROVIDER_MALFORMED'],
    [
      'a PaymentIntent without client_secret',
      { kind: 'raw', body: '{"id":"pi_1","object":"payment_intent"}' },
      'PROVIDER_MALFORMED',
    ],
  ] as const)('turns %s into a typed failure at once, without retrying', async (_, fault, code) => {
    fake.failNext(fault);
    const started = Date.now();
    await expect(stripe.start(input(`order-${code}-${Date.now()}`))).rejects.toMatchObject({
      code,
      provider: 'stripe',
    });
    expect(Date.now() - started).toBeLessThan(RELAXED_MS / 2); // no waiting for the timeout
    expect(fake.requests).toHaveLength(1); // and no retry
  });

  it('refuses with PROVIDER_REJECTED when the secret key is wrong', async () => {
    const wrong = adapter(fake, { secretKey: 'sk_test_wrong' });
    await expect(wrong.start(input('order-key'))).rejects.toMatchObject({ code: 'PROVIDER_REJECTED', httpStatus: 502 });
  });

  it.each([
    ['does not answer', 'hang'],
    ['stops half-way through its reply', 'stall'],
  ] as const)('gives up after the timeout when Stripe %s', async (_, kind) => {
    fake.failNext({ kind });
    await expectTimedOut(() => adapter(fake, { timeoutMs: TIMEOUT_MS }).start(input('order-hang')), TIMEOUT_MS);
  });
});
