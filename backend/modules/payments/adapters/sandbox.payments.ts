import { randomBytes } from 'node:crypto';

import { newId } from '@platform/ids';
import type { Logger } from '@platform/logging';

import type { PaymentMethod } from '../events';
import {
  type IncomingWebhook,
  PaymentError,
  type PaymentOutcome,
  type PaymentProviderPort,
  type PaymentStart,
  type RefundRequest,
  type RefundResult,
  type StartPayment,
  type WebhookResult,
} from '../ports/payment-provider.port';
import { bodyText, checkStart, header, hmacHex, normaliseMpesaPhone, sameDigest } from './payment-input';

/**
 * The numbers that make the sandbox decline (documented in the module README). Every other number
 * pays, so a demo or a browser test buys by default and declines only on purpose.
 */
export const SANDBOX_TEST_NUMBERS = {
  cards: {
    '4000000000000002': 'Your card was declined',
    '4000000000009995': 'Your card has insufficient funds',
  } as Record<string, string>,
  mpesa: {
    '254700000001': 'Request cancelled by user',
    '254700000002': 'The balance is insufficient for the transaction',
    '254700000003': 'DS timeout user cannot be reached',
  } as Record<string, string>,
};

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A callback older than this is refused, so a captured one cannot be replayed much later (as Stripe does). */
const TOLERANCE_SEC = 300;

const SANDBOX_REMEMBERED = 10_000;

export type WebhookSink = (webhook: IncomingWebhook) => Promise<void>;

export interface SandboxPaymentsOptions {
  /** Signs the sandbox's callbacks; its own parseWebhook verifies them like a real provider's. */
  secret: string;
  /** How long a payment takes to complete; a few seconds in the app, ~0 in tests. */
  delayMs: number;
  /** Where callbacks go: the same handler the webhook controller calls (or set later with `deliverTo`). */
  deliver?: WebhookSink;
  /** The path the callbacks claim to arrive on, as a real webhook's `url`. */
  webhookPath?: string;
  /** A failed delivery is tried again this many times, this far apart (a real provider retries too). */
  retries?: number;
  retryDelayMs?: number;
  logger: Logger;
}

interface SandboxPayment {
  orderId: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  refundReference: string | null;
}

export interface SandboxEvent {
  id: string;
  type: 'sandbox.payment';
  created: number;
  data: {
    reference: string;
    orderId: string;
    method: PaymentMethod;
    status: 'succeeded' | 'failed';
    amount: number;
    failureReason: string | null;
    receipt: string | null;
  };
}

const reject = (message: string) => new PaymentError('WEBHOOK_REJECTED', 'sandbox', message);

/**
 * Pays without an account: `start` schedules the payer's answer, and after `delayMs` the sandbox
 * sends a signed callback through the same webhook path as Stripe and Daraja do. No money moves.
 * It keeps its payments in memory only: after a restart a pending one never calls back (as a real
 * payer who walked away) and a refund of one it no longer knows is simply granted.
 */
export class SandboxPayments implements PaymentProviderPort {
  readonly name = 'sandbox' as const;
  readonly methods: readonly PaymentMethod[] = ['card', 'mpesa'];
  private readonly payments = new Map<string, SandboxPayment>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private deliver: WebhookSink | null;
  private closed = false;

  constructor(private readonly options: SandboxPaymentsOptions) {
    if (options.secret.length < 16) throw new Error('The sandbox payments secret must be at least 16 characters');
    this.deliver = options.deliver ?? null;
  }

  /** The composition root builds the webhook handler after the provider; it plugs it in here. */
  deliverTo(sink: WebhookSink): void {
    this.deliver = sink;
  }

  // async so that a refusal is a rejected promise, as callers of the port expect.
  async start(input: StartPayment): Promise<PaymentStart> {
    checkStart(this.name, this.methods, input);
    let declined: string | null;
    if (input.method === 'mpesa') {
      declined = SANDBOX_TEST_NUMBERS.mpesa[normaliseMpesaPhone(this.name, input.phone)] ?? null;
    } else {
      const card = (input.sandboxCardNumber ?? '').replace(/[\s-]/g, '');
      if (card && !/^\d{12,19}$/.test(card))
        throw new PaymentError('INVALID_PAYMENT', this.name, 'Enter a card number of 12 to 19 digits');
      declined = SANDBOX_TEST_NUMBERS.cards[card] ?? null;
    }
    const reference = `sbx_${randomBytes(12).toString('hex')}`;
    // Remembered for refunds only; the oldest are forgotten so a long-running demo cannot grow without bound.
    if (this.payments.size >= SANDBOX_REMEMBERED) this.payments.delete(this.payments.keys().next().value!);
    this.payments.set(reference, {
      orderId: input.orderId,
      amount: input.amount,
      status: 'pending',
      refundReference: null,
    });
    const event: SandboxEvent = {
      id: `sbx_evt_${newId()}`,
      type: 'sandbox.payment',
      created: 0,
      data: {
        reference,
        orderId: input.orderId,
        method: input.method,
        status: declined ? 'failed' : 'succeeded',
        amount: input.amount,
        failureReason: declined,
        receipt: declined || input.method !== 'mpesa' ? null : `SBX${randomBytes(4).toString('hex').toUpperCase()}`,
      },
    };
    this.schedule(event, this.options.delayMs, this.options.retries ?? 3);
    const clientAction: PaymentStart['clientAction'] =
      input.method === 'mpesa'
        ? {
            kind: 'mpesa_stk',
            checkoutRequestId: reference,
            merchantRequestId: reference,
            message: 'Sandbox: no request goes to a phone; the payment completes by itself in a few seconds.',
          }
        : {
            kind: 'sandbox',
            message: 'Sandbox: no money moves; the payment completes by itself in a few seconds.',
            completesInMs: this.options.delayMs,
          };
    return { provider: this.name, reference, clientAction };
  }

  /** A signed callback as the sandbox sends it; tests use it to replay or tamper with one. */
  signedWebhook(event: SandboxEvent, atSec = Math.floor(Date.now() / 1000)): IncomingWebhook {
    const body = JSON.stringify({ ...event, created: atSec });
    return {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: `t=${atSec},v1=${hmacHex(this.options.secret, `${atSec}.${body}`)}`,
      },
      url: this.options.webhookPath ?? '/api/payments/webhooks/sandbox',
    };
  }

  async parseWebhook(webhook: IncomingWebhook): Promise<WebhookResult> {
    const body = bodyText(webhook.rawBody);
    const signature = header(webhook.headers, SANDBOX_SIGNATURE_HEADER);
    if (!signature) throw reject('The sandbox callback is not signed');
    const parts = new Map(signature.split(',').map((p) => p.split('=', 2) as [string, string]));
    const at = Number(parts.get('t'));
    const given = parts.get('v1') ?? '';
    if (!Number.isSafeInteger(at) || !sameDigest(hmacHex(this.options.secret, `${at}.${body}`), given))
      throw reject('The sandbox callback signature does not match its body');
    if (Math.abs(Date.now() / 1000 - at) > TOLERANCE_SEC) throw reject('The sandbox callback is too old');

    let event: SandboxEvent;
    try {
      event = JSON.parse(body) as SandboxEvent;
    } catch {
      throw reject('The sandbox callback is not JSON');
    }
    const d = event?.data;
    if (event?.type !== 'sandbox.payment' || !d || typeof d.reference !== 'string' || typeof d.orderId !== 'string')
      throw reject('The sandbox callback is not a payment event');
    if (!Number.isSafeInteger(d.amount) || (d.status !== 'succeeded' && d.status !== 'failed'))
      throw reject('The sandbox callback has no valid amount or status');
    const outcome: PaymentOutcome = {
      provider: this.name,
      reference: d.reference,
      orderId: d.orderId,
      status: d.status,
      amount: d.amount,
      failureReason: d.failureReason ?? null,
      receipt: d.receipt ?? null,
    };
    const known = this.payments.get(d.reference);
    if (known?.status === 'pending') known.status = d.status;
    return { kind: 'outcome', outcome };
  }

  async refund(input: RefundRequest): Promise<RefundResult> {
    const payment = this.payments.get(input.reference);
    if (payment && payment.status !== 'succeeded')
      throw new PaymentError('PROVIDER_REJECTED', this.name, 'Only a succeeded sandbox payment can be refunded');
    if (payment && input.amount > payment.amount)
      throw new PaymentError('PROVIDER_REJECTED', this.name, 'A refund cannot exceed the amount paid');
    if (payment?.refundReference) return { status: 'refunded', refundReference: payment.refundReference };
    const refundReference = `sbx_re_${randomBytes(12).toString('hex')}`;
    if (payment) payment.refundReference = refundReference;
    return { status: 'refunded', refundReference };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(event: SandboxEvent, delayMs: number, retriesLeft: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.send(event, retriesLeft);
    }, delayMs);
    // A pending sandbox payment must never keep the process (or a test run) alive.
    timer.unref();
    this.timers.add(timer);
  }

  private async send(event: SandboxEvent, retriesLeft: number): Promise<void> {
    const log = { reference: event.data.reference, orderId: event.data.orderId };
    if (!this.deliver) {
      this.options.logger.warn(log, 'Sandbox payment completed but no webhook handler is connected; dropped');
      return;
    }
    try {
      await this.deliver(this.signedWebhook(event));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (retriesLeft <= 0) {
        this.options.logger.error({ ...log, reason }, 'Sandbox callback failed; giving up');
        return;
      }
      this.options.logger.warn({ ...log, reason }, 'Sandbox callback failed; trying again');
      this.schedule(event, this.options.retryDelayMs ?? 1000, retriesLeft - 1);
    }
  }
}
