import type { PaymentMethod, PaymentProvider } from '../events';

/**
 * Where the money for an order or a donation moves (issue 16): the sandbox (default, no account
 * needed), Stripe (card) or M-Pesa Daraja (STK push). A checkout or a donation starts a payment, the
 * provider later calls back (a webhook), and the adapter turns that call into a verified
 * `PaymentOutcome` for the subject's `RecordPayment` / `FailPayment`. Idempotency stays the subject's
 * decider's job; an adapter only promises that the same callback always yields the same reference.
 *
 * Every amount is integer KES cents. Failures come back as `PaymentError`, never as a crash.
 */
export interface PaymentProviderPort {
  readonly name: PaymentProvider;
  /** The methods this adapter takes; starting another is an `INVALID_PAYMENT`. */
  readonly methods: readonly PaymentMethod[];
  start(input: StartPayment): Promise<PaymentStart>;
  /**
   * Verifies and normalises a provider's callback. Throws `PaymentError` `WEBHOOK_REJECTED` when it
   * cannot be trusted (the controller answers 400); answers `ignored` for a genuine callback that
   * says nothing about an order's payment (e.g. Stripe's other event types), which gets a 200.
   */
  parseWebhook(webhook: IncomingWebhook): Promise<WebhookResult>;
  /** Gives back a succeeded payment in full. Asking twice for the same payment refunds once. */
  refund(input: RefundRequest): Promise<RefundResult>;
  /** Stops timers and connections the adapter holds (the sandbox's scheduled callbacks). */
  close(): Promise<void>;
}

export interface StartPayment {
  orderId: string;
  /** KES cents, a whole number above 0 (M-Pesa: a whole number of shillings too). */
  amount: number;
  method: PaymentMethod;
  /** M-Pesa only: the payer's Safaricom number in any usual form (0712…, +254712…, 254712…). */
  phone?: string | null;
  /** Shown to the payer (Stripe's description, M-Pesa's TransactionDesc, shortened to fit). */
  description: string;
  /**
   * Sandbox only: the number typed into the sandbox card form, compared with the test numbers and
   * then forgotten. Real card numbers never reach this server: Stripe collects them in the browser.
   */
  sandboxCardNumber?: string | null;
}

/** What the browser needs to finish (or wait for) the payment. */
export type ClientAction =
  /** Confirm with Stripe.js (`stripe.confirmCardPayment(clientSecret, …)`), then wait for the order. */
  | { kind: 'stripe_card'; clientSecret: string }
  /** The payer confirms on their phone; the order changes when Safaricom calls back. */
  | { kind: 'mpesa_stk'; checkoutRequestId: string; merchantRequestId: string; message: string }
  /** Nothing to do: the sandbox completes the payment by itself after about `completesInMs`. */
  | { kind: 'sandbox'; message: string; completesInMs: number };

export interface PaymentStart {
  provider: PaymentProvider;
  /** The provider's id for this payment (PaymentIntent id, CheckoutRequestID, sandbox id). */
  reference: string;
  clientAction: ClientAction;
}

export interface IncomingWebhook {
  /** The body exactly as received: signatures are computed over these bytes, never over re-encoded JSON. */
  rawBody: string | Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The request's path and query as received (M-Pesa's callback token travels there). */
  url: string;
}

export interface PaymentOutcome {
  provider: PaymentProvider;
  /** Stable for one payment: the same callback delivered twice gives the same reference. */
  reference: string;
  orderId: string;
  status: 'succeeded' | 'failed';
  /** KES cents the provider reports (for a failure: what was asked for). */
  amount: number;
  /** The provider's words for a failure, for support and the order's `FailPayment` reason. */
  failureReason: string | null;
  /** M-Pesa's receipt number (e.g. NLJ7RT61SV) for a succeeded payment; else null. */
  receipt: string | null;
}

export type WebhookResult = { kind: 'outcome'; outcome: PaymentOutcome } | { kind: 'ignored'; reason: string };

export interface RefundRequest {
  orderId: string;
  provider: PaymentProvider;
  /** The reference of the succeeded payment (from `OrderPaid` or `OrderPaymentFlagged`). */
  reference: string;
  /** KES cents to give back: the amount paid. */
  amount: number;
}

export type RefundResult =
  | { status: 'refunded' | 'pending'; refundReference: string }
  /** The provider has no refund call we can make safely; someone has to send the money back. */
  | { status: 'manual_required'; message: string };

/**
 * `INVALID_PAYMENT`: our own input was refused before any call (400, the message says why);
 * `PROVIDER_REJECTED`: the provider refused the request (4xx: bad credentials, bad number, ...);
 * `PROVIDER_UNAVAILABLE`: timeout, connection failure, 429 or 5xx (worth retrying later);
 * `PROVIDER_MALFORMED`: the provider answered something we cannot read;
 * `WEBHOOK_REJECTED`: a callback that is unsigned, wrongly signed, tampered with or unreadable (400).
 */
export type PaymentErrorCode =
  | 'INVALID_PAYMENT'
  | 'PROVIDER_REJECTED'
  | 'PROVIDER_UNAVAILABLE'
  | 'PROVIDER_MALFORMED'
  | 'WEBHOOK_REJECTED';

const HTTP_STATUS: Record<PaymentErrorCode, number> = {
  INVALID_PAYMENT: 400,
  PROVIDER_REJECTED: 502,
  PROVIDER_UNAVAILABLE: 503,
  PROVIDER_MALFORMED: 502,
  WEBHOOK_REJECTED: 400,
};

export class PaymentError extends Error {
  /** The status a controller answers with. */
  readonly httpStatus: number;

  constructor(
    readonly code: PaymentErrorCode,
    readonly provider: PaymentProvider,
    message: string,
    /** The provider's status or error code, for the log (never shown to the payer as is). */
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentError';
    this.httpStatus = HTTP_STATUS[code];
  }
}

export const PAYMENT_PROVIDERS = Symbol('PAYMENT_PROVIDERS');
