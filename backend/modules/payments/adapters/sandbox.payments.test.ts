import { silentLogger } from '@platform/logging';

import type { PaymentMethod } from '../events';
import type { IncomingWebhook, PaymentStart } from '../ports/payment-provider.port';
import { describePaymentProviderContract, type PaymentProviderFixture } from '../testing/payment-provider.contract';
import { bodyText } from './payment-input';
import { SANDBOX_SIGNATURE_HEADER, SandboxPayments, type SandboxPaymentsOptions } from './sandbox.payments';

const SECRET = 'sandbox-test-secret-0123456789';

/** Collects what the sandbox delivers, so a test can wait for the callback of one payment. */
function inbox() {
  const received: IncomingWebhook[] = [];
  const waiting: { reference: string; resolve: (w: IncomingWebhook) => void }[] = [];
  const referenceOf = (w: IncomingWebhook) =>
    (JSON.parse(bodyText(w.rawBody)) as { data: { reference: string } }).data.reference;
  return {
    received,
    sink: (w: IncomingWebhook) => {
      received.push(w);
      const i = waiting.findIndex((x) => x.reference === referenceOf(w));
      if (i >= 0) waiting.splice(i, 1)[0]!.resolve(w);
      return Promise.resolve();
    },
    next: (start: PaymentStart) =>
      new Promise<IncomingWebhook>((resolve) => {
        const already = received.find((w) => referenceOf(w) === start.reference);
        if (already) resolve(already);
        else waiting.push({ reference: start.reference, resolve });
      }),
  };
}

function sandbox(extra: Partial<SandboxPaymentsOptions> = {}) {
  return new SandboxPayments({ secret: SECRET, delayMs: 1, logger: silentLogger, ...extra });
}

function sandboxFixture(method: PaymentMethod) {
  return (): Promise<PaymentProviderFixture> => {
    const box = inbox();
    const provider = sandbox({ deliver: box.sink });
    return Promise.resolve({
      provider,
      input: (base, answer) =>
        method === 'card'
          ? {
              ...base,
              method,
              description: 'Tajweed basics',
              sandboxCardNumber: answer === 'pay' ? '4242 4242 4242 4242' : '4000 0000 0000 0002',
            }
          : {
              ...base,
              method,
              description: 'Tajweed basics',
              phone: answer === 'pay' ? '0712 345 678' : '254700000001',
            },
      callback: (start) => box.next(start),
      unsigned: (w) => ({ ...w, headers: { 'content-type': 'application/json' } }),
      tampered: (w) => ({ ...w, rawBody: bodyText(w.rawBody).replace(/"amount":\d+/, '"amount":100') }),
      refunds: 'automatic',
      dispose: () => provider.close(),
    });
  };
}

describePaymentProviderContract('sandbox', 'card', sandboxFixture('card'));
describePaymentProviderContract('sandbox', 'mpesa', sandboxFixture('mpesa'));

describe('the sandbox payment provider', () => {
  const start = (p: SandboxPayments, method: PaymentMethod, number: string) =>
    p.start({
      orderId: 'order-1',
      amount: 100_000,
      method,
      description: 'Seerah',
      ...(method === 'card' ? { sandboxCardNumber: number } : { phone: number }),
    });

  it.each([
    ['card', '4000000000009995', 'Your card has insufficient funds'],
    ['mpesa', '+254 700 000 002', 'The balance is insufficient for the transaction'],
    ['mpesa', '0700000003', 'DS timeout user cannot be reached'],
  ] as const)('declines the documented %s test number %s', async (method, number, reason) => {
    const box = inbox();
    const p = sandbox({ deliver: box.sink });
    const outcome = await p.parseWebhook(await box.next(await start(p, method, number)));
    expect(outcome).toMatchObject({ kind: 'outcome', outcome: { status: 'failed', failureReason: reason } });
    await p.close();
  });

  it('gives an M-Pesa payment a receipt number and a card payment none', async () => {
    const box = inbox();
    const p = sandbox({ deliver: box.sink });
    const mpesa = await p.parseWebhook(await box.next(await start(p, 'mpesa', '0712345678')));
    const card = await p.parseWebhook(await box.next(await start(p, 'card', '')));
    expect(mpesa).toMatchObject({
      outcome: { status: 'succeeded', receipt: expect.stringMatching(/^SBX[0-9A-F]{8}$/) },
    });
    expect(card).toMatchObject({ outcome: { status: 'succeeded', receipt: null } });
    await p.close();
  });

  it('completes after the configured delay, not before', async () => {
    const box = inbox();
    const p = sandbox({ deliver: box.sink, delayMs: 150 });
    const started = Date.now();
    const s = await start(p, 'card', '4242424242424242');
    expect(s.clientAction).toMatchObject({ kind: 'sandbox', completesInMs: 150 });
    expect(box.received).toHaveLength(0);
    await box.next(s);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await p.close();
  });

  it('delivers again when the webhook handler fails, as a real provider retries', async () => {
    let calls = 0;
    const box = inbox();
    const p = sandbox({
      retryDelayMs: 1,
      deliver: (w) => (++calls < 3 ? Promise.reject(new Error('version conflict')) : box.sink(w)),
    });
    const s = await start(p, 'card', '4242424242424242');
    await box.next(s);
    expect(calls).toBe(3);
    await p.close();
  });

  it('takes a handler plugged in after it was built, and sends nothing once closed', async () => {
    const box = inbox();
    const p = sandbox({ delayMs: 30 });
    p.deliverTo(box.sink);
    await box.next(await start(p, 'card', '4242424242424242'));
    await start(p, 'card', '4242424242424242');
    await p.close();
    await new Promise((r) => setTimeout(r, 60));
    expect(box.received).toHaveLength(1);
  });

  it('refuses a callback signed with another secret, or one older than five minutes', async () => {
    const box = inbox();
    const p = sandbox({ deliver: box.sink });
    const w = await box.next(await start(p, 'card', '4242424242424242'));
    const other = sandbox({ secret: 'another-secret-0123456789' });
    await expect(other.parseWebhook(w)).rejects.toMatchObject({ code: 'WEBHOOK_REJECTED' });
    const event = JSON.parse(bodyText(w.rawBody));
    const old = p.signedWebhook(event, Math.floor(Date.now() / 1000) - 301);
    await expect(p.parseWebhook(old)).rejects.toThrow(/too old/);
    expect(old.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await Promise.all([p.close(), other.close()]);
  });

  it('refuses a malformed card number and refunds only a succeeded payment', async () => {
    const box = inbox();
    const p = sandbox({ deliver: box.sink });
    await expect(start(p, 'card', '4242-abc')).rejects.toMatchObject({ code: 'INVALID_PAYMENT' });
    const declined = await start(p, 'card', '4000000000000002');
    await p.parseWebhook(await box.next(declined));
    await expect(
      p.refund({ orderId: 'order-1', provider: 'sandbox', reference: declined.reference, amount: 100_000 }),
    ).rejects.toMatchObject({ code: 'PROVIDER_REJECTED' });
    await p.close();
  });

  it('wants a secret long enough to sign with', () => {
    expect(() => sandbox({ secret: 'short' })).toThrow(/at least 16/);
  });
});
