import { DomainError } from '@platform/decider/decider';
import { silentLogger } from '@platform/logging';

import type { PaymentProviders } from './adapters/payment-providers';
import { SandboxPayments } from './adapters/sandbox.payments';
import type { PaymentProvider } from './events';
import type { PaymentSubject, SubjectPayment } from './payment-subjects';
import { PaymentSubjects } from './payment-subjects';
import { PaymentWebhooksService } from './payment-webhooks.service';
import type { PaymentOutcome, PaymentProviderPort, WebhookResult } from './ports/payment-provider.port';
import { sandboxCallback } from './testing/sandbox-callbacks';

/** A subject that knows some payments by id and writes down what it was told to record. */
class FakeSubject implements PaymentSubject {
  readonly payments = new Map<string, SubjectPayment>();
  readonly recorded: { provider: PaymentProvider; outcome: PaymentOutcome }[] = [];
  readonly failed: { provider: PaymentProvider; outcome: PaymentOutcome }[] = [];
  asked = 0;

  constructor(readonly noun: string) {}

  payment(id: string) {
    this.asked++;
    return Promise.resolve(this.payments.get(id) ?? null);
  }

  recordPayment(provider: PaymentProvider, outcome: PaymentOutcome) {
    this.recorded.push({ provider, outcome });
    return Promise.resolve();
  }

  failPayment(provider: PaymentProvider, outcome: PaymentOutcome) {
    this.failed.push({ provider, outcome });
    return Promise.resolve();
  }
}

/**
 * Stands in for the Stripe adapter: its signature check is the adapter's own (its contract suite);
 * here it answers what a verified `payment_intent.payment_failed` becomes.
 */
const stripeDecline: PaymentProviderPort = {
  name: 'stripe',
  methods: ['card'],
  start: () => Promise.reject(new Error('not used')),
  parseWebhook: (): Promise<WebhookResult> =>
    Promise.resolve({
      kind: 'outcome',
      outcome: {
        provider: 'stripe',
        reference: 'pi_1',
        orderId: 'order-1',
        status: 'failed',
        amount: 150_000,
        failureReason: 'Your card was declined',
        receipt: null,
      },
    }),
  refund: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
};

describe('payment webhooks (the intake every subject shares)', () => {
  let sandbox: SandboxPayments;
  let subjects: PaymentSubjects;
  let orders: FakeSubject;
  let donations: FakeSubject;
  let webhooks: PaymentWebhooksService;
  /** Which adapter answers for a provider's route; `stripe` is missing unless a test plugs it in. */
  let byName: Partial<Record<PaymentProvider, PaymentProviderPort>>;

  beforeEach(() => {
    sandbox = new SandboxPayments({ secret: 'webhook-test-secret-0123456789', delayMs: 60_000, logger: silentLogger });
    byName = { sandbox };
    const providers: PaymentProviders = {
      forMethod: () => sandbox,
      byName: (name) => byName[name] ?? null,
      sandbox,
      close: () => sandbox.close(),
    };
    subjects = new PaymentSubjects();
    orders = new FakeSubject('order');
    donations = new FakeSubject('donation');
    subjects.register(orders);
    subjects.register(donations);
    webhooks = new PaymentWebhooksService(providers, silentLogger, subjects);
    orders.payments.set('order-1', { requestedReferences: ['sbx_order'], awaitingPayment: true });
    donations.payments.set('donation-1', { requestedReferences: ['sbx_donation'], awaitingPayment: true });
  });

  afterEach(() => sandbox.close());

  const signed = (orderId: string, reference: string, status: 'succeeded' | 'failed' = 'succeeded') =>
    sandboxCallback(sandbox, { orderId, reference, status, amount: 150_000 });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };

  const nothingRecorded = () => {
    for (const s of [orders, donations]) expect([s.recorded, s.failed]).toEqual([[], []]);
  };

  it('hands a verified, requested payment to the subject that knows its id, and to no other', async () => {
    await expect(webhooks.handle('sandbox', signed('donation-1', 'sbx_donation'))).resolves.toBe('recorded');

    expect(donations.recorded).toEqual([
      { provider: 'sandbox', outcome: expect.objectContaining({ orderId: 'donation-1', reference: 'sbx_donation' }) },
    ]);
    expect(orders.recorded).toEqual([]);
  });

  it('refuses a correctly signed callback whose reference the order never requested (409, nothing recorded)', async () => {
    const error = await refusal(webhooks.handle('sandbox', signed('order-1', 'sbx_forged')));

    expect(error).toMatchObject({
      code: 'PAYMENT_NOT_REQUESTED',
      status: 409,
      message: 'This payment was not requested for this order',
    });
    nothingRecorded();
  });

  it("refuses a donation's genuine reference carried onto an order, and the other way round", async () => {
    const onOrder = await refusal(webhooks.handle('sandbox', signed('order-1', 'sbx_donation')));
    const onDonation = await refusal(webhooks.handle('sandbox', signed('donation-1', 'sbx_order')));

    expect(onOrder.message).toBe('This payment was not requested for this order');
    expect(onDonation).toMatchObject({
      code: 'PAYMENT_NOT_REQUESTED',
      message: 'This payment was not requested for this donation',
    });
    nothingRecorded();
  });

  it("refuses an outcome one adapter verified when it arrives on another provider's route", async () => {
    byName.stripe = sandbox;

    const error = await refusal(webhooks.handle('stripe', signed('order-1', 'sbx_order')));

    expect(error.code).toBe('PAYMENT_NOT_REQUESTED');
    nothingRecorded();
  });

  it('refuses an unsigned or tampered callback before any subject is asked (400)', async () => {
    const hook = signed('order-1', 'sbx_order');
    const tampered = { ...hook, rawBody: (hook.rawBody as string).replace('150000', '100') };
    const unsigned = { ...hook, headers: { 'content-type': 'application/json' } };

    for (const bad of [tampered, unsigned])
      await expect(webhooks.handle('sandbox', bad)).rejects.toMatchObject({
        status: 400,
        body: expect.objectContaining({ code: 'WEBHOOK_REJECTED' }),
      });
    expect(orders.asked + donations.asked).toBe(0);
  });

  it('ignores a genuine callback about nothing of ours (another environment sharing the account)', async () => {
    await expect(webhooks.handle('sandbox', signed('order-elsewhere', 'sbx_elsewhere'))).resolves.toBe('ignored');
    nothingRecorded();
  });

  it('answers 404 on the route of a provider that is not configured', async () => {
    const error = await refusal(webhooks.handle('mpesa', signed('order-1', 'sbx_order')));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('a final failure (sandbox, M-Pesa) closes a subject still awaiting payment, and only then', async () => {
    await expect(webhooks.handle('sandbox', signed('order-1', 'sbx_order', 'failed'))).resolves.toBe('recorded');
    expect(orders.failed).toEqual([
      { provider: 'sandbox', outcome: expect.objectContaining({ failureReason: 'Your card was declined' }) },
    ]);

    orders.payments.set('order-1', { requestedReferences: ['sbx_order'], awaitingPayment: false });
    await expect(webhooks.handle('sandbox', signed('order-1', 'sbx_order', 'failed'))).resolves.toBe('ignored');
    expect(orders.failed).toHaveLength(1);
  });

  it('a declined card at Stripe leaves the subject payable (the PaymentIntent takes another card)', async () => {
    byName.stripe = stripeDecline;
    orders.payments.set('order-1', { requestedReferences: ['pi_1'], awaitingPayment: true });

    await expect(webhooks.handle('stripe', signed('order-1', 'pi_1'))).resolves.toBe('ignored');
    nothingRecorded();
  });

  it('the sandbox calls back through the same intake, reference check included', async () => {
    const quick = new SandboxPayments({ secret: 'webhook-test-secret-0123456789', delayMs: 1, logger: silentLogger });
    const intake = new PaymentWebhooksService(
      {
        forMethod: () => quick,
        byName: (n) => (n === 'sandbox' ? quick : null),
        sandbox: quick,
        close: () => quick.close(),
      },
      silentLogger,
      subjects,
    );
    intake.onModuleInit();
    try {
      const start = await quick.start({ orderId: 'order-2', amount: 150_000, method: 'card', description: 'Seerah' });
      orders.payments.set('order-2', { requestedReferences: [start.reference], awaitingPayment: true });
      for (let i = 0; i < 200 && orders.recorded.length === 0; i++) await new Promise((r) => setTimeout(r, 10));

      expect(orders.recorded.map((r) => r.outcome.reference)).toEqual([start.reference]);
    } finally {
      await quick.close();
    }
  });

  it('a subject registered twice is asked once', async () => {
    subjects.register(orders);

    await webhooks.handle('sandbox', signed('nobody', 'sbx_nobody'));

    expect(orders.asked).toBe(1);
  });
});
