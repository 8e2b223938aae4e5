import { newId } from '@platform/ids';

import type { PaymentMethod } from '../events';
import {
  type IncomingWebhook,
  PaymentError,
  type PaymentOutcome,
  type PaymentProviderPort,
  type PaymentStart,
  type StartPayment,
} from '../ports/payment-provider.port';

export type PayerAnswer = 'pay' | 'decline';

/**
 * One adapter behind the port, with what the suite cannot do through the port itself: play the
 * payer (pay or decline) and the provider's callback, and forge callbacks the way an attacker would.
 */
export interface PaymentProviderFixture {
  provider: PaymentProviderPort;
  /** A start request whose payer will answer so (the sandbox decides by test number; fakes by script). */
  input(base: { orderId: string; amount: number }, answer: PayerAnswer): StartPayment;
  /** The callback the provider sends once the payer has answered. */
  callback(start: PaymentStart, answer: PayerAnswer): Promise<IncomingWebhook>;
  /** The same callback without its signature or token. */
  unsigned(webhook: IncomingWebhook): IncomingWebhook;
  /** The same callback altered after it was signed (body or token, whichever the provider signs). */
  tampered(webhook: IncomingWebhook): IncomingWebhook;
  /** Whether the adapter refunds by itself or reports that someone must ('manual_required'). */
  refunds: 'automatic' | 'manual';
  dispose(): Promise<void>;
}

async function rejection(promise: Promise<unknown>): Promise<PaymentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentError) return error;
    throw new Error(`Expected a PaymentError, got ${String(error)}`);
  }
  throw new Error('Expected a PaymentError, but the call succeeded');
}

/**
 * The behaviour every payment adapter shares (issue 16): start → callback → a verified outcome for
 * the right order and amount; a declined payment fails; forged callbacks are refused; one callback
 * always gives one reference; a paid payment can be given back; bad amounts never reach a provider.
 */
export function describePaymentProviderContract(
  name: string,
  /** The method the suite pays with on this adapter (the sandbox runs the suite once for each). */
  method: PaymentMethod,
  factory: () => Promise<PaymentProviderFixture>,
): void {
  describe(`PaymentProvider contract: ${name} (${method})`, () => {
    let fx: PaymentProviderFixture;
    let provider: PaymentProviderPort;
    const order = (amount = 150_000) => ({ orderId: newId(), amount });

    async function pay(answer: PayerAnswer, amount?: number) {
      const base = order(amount);
      const start = await provider.start(fx.input(base, answer));
      const webhook = await fx.callback(start, answer);
      return { base, start, webhook };
    }
    async function outcomeOf(webhook: IncomingWebhook): Promise<PaymentOutcome> {
      const result = await provider.parseWebhook(webhook);
      if (result.kind !== 'outcome') throw new Error(`Expected an outcome, got ignored: ${result.reason}`);
      return result.outcome;
    }

    beforeAll(async () => {
      fx = await factory();
      provider = fx.provider;
    });
    afterAll(async () => {
      await fx?.dispose();
    });

    it('starts a payment with a reference and what the client needs', async () => {
      const start = await provider.start(fx.input(order(), 'pay'));
      expect(start.provider).toBe(provider.name);
      expect(start.reference).toEqual(expect.any(String));
      expect(start.reference.length).toBeGreaterThan(0);
      if (method === 'mpesa') expect(start.clientAction.kind).toBe('mpesa_stk');
      else expect(['stripe_card', 'sandbox']).toContain(start.clientAction.kind);
      await fx.callback(start, 'pay'); // drains the callback so that it cannot leak into the next test
    });

    it('turns the callback of a paid payment into a succeeded outcome for that order and amount', async () => {
      const { base, start, webhook } = await pay('pay', 249_900);
      expect(await outcomeOf(webhook)).toMatchObject({
        provider: provider.name,
        reference: start.reference,
        orderId: base.orderId,
        status: 'succeeded',
        amount: 249_900,
        failureReason: null,
      });
    });

    it('turns a declined or cancelled payment into a failed outcome with the provider’s reason', async () => {
      const { base, start, webhook } = await pay('decline');
      const outcome = await outcomeOf(webhook);
      expect(outcome).toMatchObject({
        provider: provider.name,
        reference: start.reference,
        orderId: base.orderId,
        status: 'failed',
        receipt: null,
      });
      expect(outcome.failureReason).toEqual(expect.any(String));
      expect(outcome.failureReason!.length).toBeGreaterThan(0);
    });

    it('gives the same outcome and reference when the same callback is delivered twice', async () => {
      const { webhook } = await pay('pay');
      const first = await outcomeOf(webhook);
      const second = await outcomeOf(webhook);
      expect(second).toEqual(first);
    });

    it('refuses a callback without its signature, as a 400', async () => {
      const { webhook } = await pay('pay');
      const error = await rejection(provider.parseWebhook(fx.unsigned(webhook)));
      expect(error).toMatchObject({ code: 'WEBHOOK_REJECTED', httpStatus: 400, provider: provider.name });
      expect(error.message.length).toBeGreaterThan(0);
    });

    it('refuses a callback altered after it was signed', async () => {
      const { webhook } = await pay('pay');
      const error = await rejection(provider.parseWebhook(fx.tampered(webhook)));
      expect(error).toMatchObject({ code: 'WEBHOOK_REJECTED', httpStatus: 400 });
    });

    it('refuses a body that is not the provider’s, even with no signature to check first', async () => {
      const error = await rejection(
        provider.parseWebhook({ rawBody: 'not json', headers: { 'content-type': 'text/plain' }, url: '/webhook' }),
      );
      expect(error.code).toBe('WEBHOOK_REJECTED');
    });

    it('refunds a succeeded payment once, however often it is asked', async () => {
      const { base, start, webhook } = await pay('pay');
      const paid = await outcomeOf(webhook);
      const request = {
        orderId: base.orderId,
        provider: provider.name,
        reference: start.reference,
        amount: paid.amount,
      };
      const first = await provider.refund(request);
      if (fx.refunds === 'manual') {
        expect(first).toEqual({ status: 'manual_required', message: expect.any(String) });
        return;
      }
      expect(['refunded', 'pending']).toContain(first.status);
      const again = await provider.refund(request);
      expect(again).toEqual(first);
    });

    it.each([
      ['zero', 0],
      ['negative', -100],
      ['a fraction of a cent', 100.5],
      ['not a number', Number.NaN],
      ['beyond safe integers', Number.MAX_SAFE_INTEGER + 2],
    ])('refuses an amount that is %s before calling anyone', async (_, amount) => {
      const error = await rejection(provider.start(fx.input({ orderId: newId(), amount }, 'pay')));
      expect(error).toMatchObject({ code: 'INVALID_PAYMENT', httpStatus: 400 });
      expect(error.message).toMatch(/whole number of KES cents/);
    });

    it('refuses a payment without an order id', async () => {
      const error = await rejection(provider.start(fx.input({ orderId: ' ', amount: 10_000 }, 'pay')));
      expect(error.code).toBe('INVALID_PAYMENT');
    });

    if (method === 'mpesa') {
      it('refuses M-Pesa amounts that are not whole shillings, with a clear message', async () => {
        const error = await rejection(provider.start(fx.input({ orderId: newId(), amount: 150_050 }, 'pay')));
        expect(error).toMatchObject({ code: 'INVALID_PAYMENT' });
        expect(error.message).toMatch(/whole shillings/);
      });

      it('refuses a phone number that is not a Kenyan mobile number', async () => {
        const input = { ...fx.input(order(), 'pay'), phone: '12345' };
        const error = await rejection(provider.start(input));
        expect(error).toMatchObject({ code: 'INVALID_PAYMENT' });
        expect(error.message).toMatch(/Safaricom number/);
      });
    }

    it('refuses a method the adapter does not take', async () => {
      const other: PaymentMethod = method === 'card' ? 'mpesa' : 'card';
      if (provider.methods.includes(other)) return;
      const error = await rejection(provider.start({ ...fx.input(order(), 'pay'), method: other }));
      expect(error.code).toBe('INVALID_PAYMENT');
    });
  });
}
