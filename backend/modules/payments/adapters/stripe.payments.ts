import type { Logger } from '@platform/logging';
import Stripe from 'stripe';

import type { PaymentMethod } from '../events';
import {
  type IncomingWebhook,
  PaymentError,
  type PaymentErrorCode,
  type PaymentProviderPort,
  type PaymentStart,
  type RefundRequest,
  type RefundResult,
  type StartPayment,
  type WebhookResult,
} from '../ports/payment-provider.port';
import { checkStart, fit, header } from './payment-input';

export interface StripePaymentsOptions {
  /** sk_live_… or sk_test_… (STRIPE_SECRET_KEY). */
  secretKey: string;
  /** whsec_… of the webhook endpoint (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Another API root (STRIPE_API_BASE), e.g. the loopback fake in tests; else api.stripe.com. */
  apiBase?: string | null;
  /** One API call, connection to last byte. */
  timeoutMs: number;
  logger: Logger;
}

/** Where the SDK sends its calls: its `host`/`port`/`protocol` options from one URL. */
function endpoint(apiBase: string | null | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Why a Stripe call failed, as the port's error kinds; the SDK's message goes to the log only. */
function failure(error: unknown, action: string): PaymentError {
  if (error instanceof PaymentError) return error;
  const E = Stripe.errors;
  let code: PaymentErrorCode = 'PROVIDER_UNAVAILABLE';
  let message = `Stripe could not be reached to ${action}; try again in a moment`;
  if (error instanceof E.StripeAPIError && /Invalid JSON/.test(error.message)) {
    code = 'PROVIDER_MALFORMED';
    message = `Stripe answered something unreadable when asked to ${action}`;
  } else if (
    error instanceof E.StripeError &&
    !(error instanceof E.StripeConnectionError) &&
    !(error instanceof E.StripeRateLimitError) &&
    (error.statusCode ?? 500) < 500
  ) {
    code = 'PROVIDER_REJECTED';
    message = `Stripe refused to ${action}`;
  }
  const detail =
    error instanceof E.StripeError
      ? `${error.statusCode ?? 'no status'} ${error.type}${error.code ? ` ${error.code}` : ''}: ${error.message}`
      : String(error);
  return new PaymentError(code, 'stripe', message, detail);
}

const reject = (message: string) => new PaymentError('WEBHOOK_REJECTED', 'stripe', message);

/**
 * Card payments with Stripe (the official SDK): a PaymentIntent per order in KES cents, whose
 * client_secret the browser confirms with Stripe.js, and `payment_intent.succeeded` /
 * `payment_intent.payment_failed` webhooks verified by the SDK's signature check. The SDK retries
 * nothing (maxNetworkRetries 0): a checkout answers within timeoutMs, and the idempotency key per
 * order makes a retry by the caller return the same PaymentIntent instead of charging twice.
 */
export class StripePayments implements PaymentProviderPort {
  readonly name = 'stripe' as const;
  readonly methods: readonly PaymentMethod[] = ['card'];
  private readonly stripe: Stripe;

  constructor(private readonly options: StripePaymentsOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...endpoint(options.apiBase),
      timeout: options.timeoutMs,
      maxNetworkRetries: 0,
      telemetry: false,
      appInfo: { name: 'DeenConnect' },
    });
  }

  async start(input: StartPayment): Promise<PaymentStart> {
    checkStart(this.name, this.methods, input);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'kes',
          // This API version's name for the card-only list (payment_method_types on older versions).
          allowed_payment_method_types: ['card'],
          description: fit(input.description, 1000),
          metadata: { orderId: input.orderId },
        },
        // One PaymentIntent per order: a retried checkout gets the same one back, never a second charge.
        { idempotencyKey: `deenconnect-order-${input.orderId}` },
      );
    } catch (error) {
      const e = failure(error, 'start the card payment');
      this.options.logger.warn(
        { orderId: input.orderId, code: e.code, detail: e.detail },
        'Stripe payment not started',
      );
      throw e;
    }
    const reply = intent as Partial<Stripe.PaymentIntent> | null;
    if (typeof reply?.id !== 'string' || !reply.id || typeof reply.client_secret !== 'string' || !reply.client_secret)
      throw new PaymentError('PROVIDER_MALFORMED', this.name, 'Stripe answered without a PaymentIntent to confirm');
    return {
      provider: this.name,
      reference: reply.id,
      clientAction: { kind: 'stripe_card', clientSecret: reply.client_secret },
    };
  }

  async parseWebhook(webhook: IncomingWebhook): Promise<WebhookResult> {
    const signature = header(webhook.headers, 'stripe-signature');
    if (!signature) throw reject('The Stripe webhook has no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      // Verified over the raw bytes, with Stripe's 5-minute tolerance against replays.
      event = this.stripe.webhooks.constructEvent(webhook.rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw reject('The Stripe webhook signature does not match its body');
      throw reject('The Stripe webhook body is not a Stripe event');
    }
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
      return { kind: 'ignored', reason: `Stripe event ${event.type} says nothing about an order's payment` };
    const intent = event.data.object as Partial<Stripe.PaymentIntent>;
    const orderId = intent.metadata?.orderId;
    if (!orderId) return { kind: 'ignored', reason: 'PaymentIntent without an orderId: not made by this app' };
    if (typeof intent.id !== 'string' || intent.currency !== 'kes')
      throw reject('The Stripe webhook is not about a KES PaymentIntent');
    const succeeded = event.type === 'payment_intent.succeeded';
    const amount = succeeded ? intent.amount_received : intent.amount;
    if (!Number.isSafeInteger(amount)) throw reject('The Stripe webhook carries no amount');
    return {
      kind: 'outcome',
      outcome: {
        provider: this.name,
        reference: intent.id,
        orderId,
        status: succeeded ? 'succeeded' : 'failed',
        amount: amount!,
        failureReason: succeeded ? null : intent.last_payment_error?.message || 'The card payment failed',
        receipt: null,
      },
    };
  }

  async refund(input: RefundRequest): Promise<RefundResult> {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: input.reference, amount: input.amount, metadata: { orderId: input.orderId } },
        // Asking twice (a retried refund request) gives the first refund back, never a second one.
        { idempotencyKey: `deenconnect-refund-${input.reference}` },
      );
    } catch (error) {
      const e = failure(error, 'refund the card payment');
      this.options.logger.warn({ orderId: input.orderId, code: e.code, detail: e.detail }, 'Stripe refund failed');
      throw e;
    }
    const reply = refund as Partial<Stripe.Refund> | null;
    if (typeof reply?.id !== 'string' || typeof reply.status !== 'string')
      throw new PaymentError('PROVIDER_MALFORMED', this.name, 'Stripe answered the refund without a refund');
    if (reply.status === 'failed' || reply.status === 'canceled')
      throw new PaymentError('PROVIDER_REJECTED', this.name, 'Stripe could not refund the card payment', reply.status);
    return { status: reply.status === 'succeeded' ? 'refunded' : 'pending', refundReference: reply.id };
  }

  async close(): Promise<void> {}
}
