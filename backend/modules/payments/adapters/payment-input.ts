import { createHmac, timingSafeEqual } from 'node:crypto';

import type { PaymentProvider } from '../events';
import { PaymentError, type StartPayment } from '../ports/payment-provider.port';

/** What every adapter refuses before it calls anyone, so that no provider sees a bad request. */
export const PAYMENT_MESSAGES = {
  badAmount: 'A payment amount must be a whole number of KES cents above 0',
  badOrderId: 'A payment needs the order id',
  wrongMethod: (provider: string, method: string) =>
    `The ${provider} payment provider does not take ${method} payments`,
  mpesaWholeShillings: 'M-Pesa takes whole shillings only: the amount must be a multiple of 100 cents',
  mpesaTooLarge: 'M-Pesa takes at most KSh 250,000 in one payment',
  badPhone: 'Enter a Safaricom number such as 0712 345 678',
  phoneRequired: 'M-Pesa needs the phone number to send the payment request to',
  manualMpesaRefund:
    'M-Pesa payments are refunded by hand: send the amount back from the business account (M-Pesa org portal) and note the receipt',
} as const;

/** M-Pesa's limit for one customer payment (Safaricom's per-transaction maximum, KES 250,000). */
export const MPESA_MAX_CENTS = 250_000_00;

/** Checks what all adapters need: an order id, a method it takes, and an amount of whole cents above 0. */
export function checkStart(provider: PaymentProvider, methods: readonly string[], input: StartPayment): void {
  const invalid = (message: string) => new PaymentError('INVALID_PAYMENT', provider, message);
  if (!input.orderId || !input.orderId.trim()) throw invalid(PAYMENT_MESSAGES.badOrderId);
  if (!methods.includes(input.method)) throw invalid(PAYMENT_MESSAGES.wrongMethod(provider, input.method));
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalid(PAYMENT_MESSAGES.badAmount);
  if (input.method === 'mpesa') {
    if (input.amount % 100 !== 0) throw invalid(PAYMENT_MESSAGES.mpesaWholeShillings);
    if (input.amount > MPESA_MAX_CENTS) throw invalid(PAYMENT_MESSAGES.mpesaTooLarge);
  }
}

/**
 * A Kenyan mobile number as M-Pesa wants it, 254 and nine digits (07XX… and the newer 01XX…),
 * from the ways people type it: 0712 345 678, +254 712 345 678, 254712345678, 712345678.
 */
export function normaliseMpesaPhone(provider: PaymentProvider, phone: string | null | undefined): string {
  if (!phone || !phone.trim()) throw new PaymentError('INVALID_PAYMENT', provider, PAYMENT_MESSAGES.phoneRequired);
  const digits = phone.replace(/[\s\-().]/g, '').replace(/^\+/, '');
  const match = /^(?:254|0)?([71]\d{8})$/.exec(digits);
  if (!match) throw new PaymentError('INVALID_PAYMENT', provider, PAYMENT_MESSAGES.badPhone);
  return `254${match[1]!}`;
}

/** Text cut to a provider's field length (M-Pesa's AccountReference is 12, TransactionDesc 13). */
export const fit = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** Compares two hex digests without leaking, through timing, how much of a forgery was right. */
export function sameDigest(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One header's value whatever the framework gave (Node lower-cases names; arrays for repeats). */
export function header(headers: IncomingHeaders, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? (value[0] ?? null) : value;
  }
  return null;
}

type IncomingHeaders = Readonly<Record<string, string | string[] | undefined>>;

export const bodyText = (raw: string | Buffer) => (typeof raw === 'string' ? raw : raw.toString('utf8'));
