import type { Logger } from '@platform/logging';

import type { PaymentMethod } from '../events';
import {
  type IncomingWebhook,
  PaymentError,
  type PaymentProviderPort,
  type PaymentStart,
  type RefundResult,
  type StartPayment,
  type WebhookResult,
} from '../ports/payment-provider.port';
import { bodyText, checkStart, fit, hmacHex, normaliseMpesaPhone, PAYMENT_MESSAGES, sameDigest } from './payment-input';

export interface MpesaPaymentsOptions {
  /** Daraja's root: https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke (MPESA_BASE_URL). */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill or till that receives the money (MPESA_SHORTCODE). */
  shortcode: string;
  /** The Lipa na M-Pesa Online passkey (MPESA_PASSKEY). */
  passkey: string;
  /** The public https URL of the callback route (MPESA_CALLBACK_URL); the adapter adds the order and a token. */
  callbackUrl: string;
  /** Signs the callback token; defaults to one derived from the passkey, which only we and Safaricom hold. */
  callbackSecret?: string;
  /** One Daraja call, connection to last byte. */
  timeoutMs: number;
  logger: Logger;
  now?: () => Date;
}

/** Safaricom's STK result codes that mean the payer did not pay (for the log; every non-zero fails). */
export const MPESA_CANCELLED = 1032;

/** Daraja expects Kenyan time (EAT, UTC+3 all year), as YYYYMMDDHHmmss. */
export function darajaTimestamp(at: Date): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** Refreshing a minute early keeps a token from expiring between the check and Daraja's. */
const TOKEN_MARGIN_MS = 60_000;

type Json = Record<string, unknown>;

const reject = (message: string) => new PaymentError('WEBHOOK_REJECTED', 'mpesa', message);

/**
 * M-Pesa Express (STK push) through Safaricom's Daraja API, spoken with fetch since Safaricom ships
 * no Node SDK: an OAuth token (cached until it expires), the STK push, and the callback Safaricom
 * POSTs when the payer answers on their phone. Daraja does not sign callbacks, so each request's
 * CallBackURL carries the order, the amount asked and an HMAC of both; a callback whose token does
 * not match is refused. The CheckoutRequestID is the payment's reference.
 *
 * Refunds are not automated: Daraja's reversal is a separate B2C-style flow (an initiator's
 * RSA-encrypted credential, asynchronous result URLs, operator approval) that a fake could only
 * echo our reading of the docs, and a wrong reversal moves real money; `refund` says so instead.
 */
export class MpesaPayments implements PaymentProviderPort {
  readonly name = 'mpesa' as const;
  readonly methods: readonly PaymentMethod[] = ['mpesa'];
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly secret: string;
  private readonly now: () => Date;

  constructor(private readonly options: MpesaPaymentsOptions) {
    this.secret = options.callbackSecret ?? hmacHex(options.passkey, 'deenconnect-mpesa-callback');
    this.now = options.now ?? (() => new Date());
    const callback = new URL(options.callbackUrl);
    if (callback.search) throw new Error('MPESA_CALLBACK_URL must have no query: the adapter adds its own');
  }

  async start(input: StartPayment): Promise<PaymentStart> {
    checkStart(this.name, this.methods, input);
    const phone = normaliseMpesaPhone(this.name, input.phone);
    const timestamp = darajaTimestamp(this.now());
    const body = {
      BusinessShortCode: this.options.shortcode,
      Password: Buffer.from(`${this.options.shortcode}${this.options.passkey}${timestamp}`).toString('base64'),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: input.amount / 100,
      PartyA: phone,
      PartyB: this.options.shortcode,
      PhoneNumber: phone,
      CallBackURL: this.callbackUrlFor(input.orderId, input.amount),
      // Shown on the payer's phone ("account no."): 12 characters, so the end of the order id.
      AccountReference: `DC${input.orderId.replace(/[^A-Za-z0-9]/g, '').slice(-10)}`,
      TransactionDesc: fit(input.description, 13) || 'Course',
    };
    let reply: Json;
    try {
      reply = await this.authorised('POST', '/mpesa/stkpush/v1/processrequest', body);
    } catch (error) {
      const e = error instanceof PaymentError ? error : this.unavailable('send the payment request', error);
      this.options.logger.warn({ orderId: input.orderId, code: e.code, detail: e.detail }, 'M-Pesa STK push failed');
      throw e;
    }
    const checkoutRequestId = reply.CheckoutRequestID;
    const merchantRequestId = reply.MerchantRequestID;
    if (String(reply.ResponseCode) !== '0')
      throw new PaymentError(
        'PROVIDER_REJECTED',
        this.name,
        'M-Pesa refused the payment request',
        String(reply.ResponseDescription),
      );
    if (typeof checkoutRequestId !== 'string' || !checkoutRequestId || typeof merchantRequestId !== 'string')
      throw new PaymentError(
        'PROVIDER_MALFORMED',
        this.name,
        'M-Pesa accepted the request without a CheckoutRequestID',
      );
    return {
      provider: this.name,
      reference: checkoutRequestId,
      clientAction: {
        kind: 'mpesa_stk',
        checkoutRequestId,
        merchantRequestId,
        message: 'Check your phone and enter your M-Pesa PIN to pay',
      },
    };
  }

  async parseWebhook(webhook: IncomingWebhook): Promise<WebhookResult> {
    const query = new URL(webhook.url, 'http://callback.invalid').searchParams;
    const orderId = query.get('order');
    const requested = Number(query.get('amount'));
    const token = query.get('token');
    if (!orderId || !token || !Number.isSafeInteger(requested))
      throw reject('The M-Pesa callback URL has no order token: not a callback this app asked for');
    if (!sameDigest(this.tokenFor(orderId, requested), token)) throw reject('The M-Pesa callback token does not match');

    let callback: Json | undefined;
    try {
      callback = (JSON.parse(bodyText(webhook.rawBody)) as { Body?: { stkCallback?: Json } })?.Body?.stkCallback;
    } catch {
      throw reject('The M-Pesa callback is not JSON');
    }
    const reference = callback?.CheckoutRequestID;
    const resultCode = Number(callback?.ResultCode);
    if (!callback || typeof reference !== 'string' || !reference || !Number.isInteger(resultCode))
      throw reject('The M-Pesa callback has no stkCallback with a CheckoutRequestID and ResultCode');
    const base = { provider: this.name, reference, orderId };
    if (resultCode !== 0) {
      const reason =
        typeof callback.ResultDesc === 'string' && callback.ResultDesc ? callback.ResultDesc : 'M-Pesa payment failed';
      return {
        kind: 'outcome',
        outcome: { ...base, status: 'failed', amount: requested, failureReason: reason, receipt: null },
      };
    }
    const items = (callback.CallbackMetadata as { Item?: { Name?: unknown; Value?: unknown }[] } | undefined)?.Item;
    const item = (name: string) => (Array.isArray(items) ? items.find((i) => i?.Name === name)?.Value : undefined);
    const shillings = Number(item('Amount'));
    const receipt = item('MpesaReceiptNumber');
    if (!Number.isFinite(shillings) || shillings <= 0 || typeof receipt !== 'string' || !receipt)
      throw reject('The M-Pesa callback reports a payment without its amount or receipt');
    return {
      kind: 'outcome',
      // Daraja reports shillings, sometimes as 1.00: rounding to cents keeps a float from leaking in.
      outcome: { ...base, status: 'succeeded', amount: Math.round(shillings * 100), failureReason: null, receipt },
    };
  }

  async refund(): Promise<RefundResult> {
    return { status: 'manual_required', message: PAYMENT_MESSAGES.manualMpesaRefund };
  }

  async close(): Promise<void> {}

  private tokenFor(orderId: string, amount: number): string {
    return hmacHex(this.secret, `${orderId}:${amount}`);
  }

  private callbackUrlFor(orderId: string, amount: number): string {
    const url = new URL(this.options.callbackUrl);
    url.search = new URLSearchParams({
      order: orderId,
      amount: String(amount),
      token: this.tokenFor(orderId, amount),
    }).toString();
    return url.toString();
  }

  /** A call with the cached token; a 401 (token revoked or expired early) fetches a new one and tries once more. */
  private async authorised(method: 'POST', path: string, body: Json): Promise<Json> {
    const call = async (token: string) =>
      this.request(method, path, { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body);
    const first = await call(await this.accessToken());
    if (first.status !== 401) return this.read(first, 'send the payment request');
    this.token = null;
    return this.read(await call(await this.accessToken()), 'send the payment request');
  }

  /** Daraja's OAuth token, cached until a minute before it expires; concurrent callers share one fetch. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= (async () => {
      try {
        const basic = Buffer.from(`${this.options.consumerKey}:${this.options.consumerSecret}`).toString('base64');
        const response = await this.request('GET', '/oauth/v1/generate?grant_type=client_credentials', {
          authorization: `Basic ${basic}`,
        });
        const reply = await this.read(response, 'sign in to M-Pesa');
        const lifetimeSec = Number(reply.expires_in);
        if (typeof reply.access_token !== 'string' || !reply.access_token || !Number.isFinite(lifetimeSec))
          throw new PaymentError('PROVIDER_MALFORMED', this.name, 'M-Pesa answered the sign-in without a token');
        this.token = { value: reply.access_token, expiresAt: Date.now() + lifetimeSec * 1000 - TOKEN_MARGIN_MS };
        return reply.access_token;
      } finally {
        this.pendingToken = null;
      }
    })();
    return this.pendingToken;
  }

  private async request(method: string, path: string, headers: Record<string, string>, body?: Json) {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}${path}`;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await fetch(url, { method, headers, signal, ...(body ? { body: JSON.stringify(body) } : {}) });
      // Read the body under the same deadline, so a reply that stalls half-way cannot hang the checkout.
      return { status: response.status, text: await response.text() };
    } catch (error) {
      throw this.unavailable('reach M-Pesa', error);
    }
  }

  private async read(response: { status: number; text: string }, action: string): Promise<Json> {
    let json: Json | null = null;
    try {
      const parsed: unknown = JSON.parse(response.text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Json;
    } catch {
      // handled below: a 2xx must be JSON; an error status is reported with its text
    }
    const detail =
      `${response.status} ${json ? `${String(json.errorCode ?? '')} ${String(json.errorMessage ?? '')}` : response.text.slice(0, 200)}`.trim();
    if (response.status === 429 || response.status >= 500)
      throw new PaymentError('PROVIDER_UNAVAILABLE', this.name, `M-Pesa is unavailable; could not ${action}`, detail);
    if (response.status >= 400)
      throw new PaymentError('PROVIDER_REJECTED', this.name, `M-Pesa refused to ${action}`, detail);
    if (!json)
      throw new PaymentError(
        'PROVIDER_MALFORMED',
        this.name,
        `M-Pesa answered something unreadable; could not ${action}`,
        detail,
      );
    return json;
  }

  private unavailable(action: string, error: unknown): PaymentError {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const detail = timedOut
      ? `timeout after ${this.options.timeoutMs} ms`
      : error instanceof Error
        ? error.message
        : String(error);
    return new PaymentError(
      'PROVIDER_UNAVAILABLE',
      this.name,
      `M-Pesa could not be reached to ${action}; try again in a moment`,
      detail,
    );
  }
}
