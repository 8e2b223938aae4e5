import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

import Stripe from 'stripe';

import type { IncomingWebhook } from '../ports/payment-provider.port';
import { listenOnLoopback, playTransportFault, type TransportFault } from './transport-faults';

/**
 * A stand-in for the few Stripe endpoints the adapter uses, on 127.0.0.1 (an ephemeral port):
 * POST /v1/payment_intents and POST /v1/refunds with Stripe's real encoding (form-encoded bodies,
 * `metadata[orderId]`), Bearer keys, Idempotency-Key replays, Stripe's error bodies and object
 * shapes. It plays the payer too: `settle` moves a PaymentIntent on as a confirmed or declined card
 * would, and returns the webhook Stripe would send, signed with the SDK's own test signer.
 */
export type FakeStripeFault =
  /** The next request gets this status and Stripe's error body. */
  { kind: 'status'; status: number; type?: string; message?: string } | TransportFault;

export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as sent (form-encoded). */
  raw: string;
  /** The body decoded as Stripe reads it (`a[b]=c` becomes { a: { b: 'c' } }). */
  form: Record<string, unknown>;
}

export interface FakeStripeServer {
  /** The API root to give the adapter, e.g. http://127.0.0.1:43123. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  requests: FakeStripeRequest[];
  /** The next request fails so (then the fake answers normally again). */
  failNext(fault: FakeStripeFault): void;
  /** The payer confirmed (`pay`) or their card was declined; returns Stripe's signed webhook. */
  settle(paymentIntentId: string, answer: 'pay' | 'decline'): IncomingWebhook;
  /** A signed webhook for any event body (e.g. a type the adapter ignores). */
  signedWebhook(event: object): IncomingWebhook;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** Stripe's form encoding back to objects: `metadata[orderId]=x`, `payment_method_types[0]=card`. */
export function decodeForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'request-id': id('req'),
    ...headers,
  });
  res.end(body);
}

const error = (type: string, message: string, extra: Json = {}) =>
  JSON.stringify({ error: { type, message, ...extra } });

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, Json>();
  const idempotent = new Map<string, { raw: string; status: number; body: string }>();
  let fault: FakeStripeFault | null = null;

  function createIntent(form: Json): [number, string] {
    const amount = Number(form.amount);
    if (!Number.isSafeInteger(amount) || amount < 1)
      return [400, error('invalid_request_error', 'Invalid positive integer', { param: 'amount' })];
    if (typeof form.currency !== 'string')
      return [400, error('invalid_request_error', 'Missing required param: currency.')];
    const piId = id('pi');
    const intent: Json = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: form.currency,
      status: 'requires_payment_method',
      client_secret: `${piId}_secret_${randomBytes(8).toString('hex')}`,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      allowed_payment_method_types: Object.values((form.allowed_payment_method_types as Json) ?? {}),
      payment_method_types: Object.values((form.allowed_payment_method_types as Json) ?? { 0: 'card' }),
      last_payment_error: null,
      latest_charge: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(piId, intent);
    return [200, JSON.stringify(intent)];
  }

  function createRefund(form: Json): [number, string] {
    const intent = intents.get(String(form.payment_intent));
    if (!intent)
      return [404, error('invalid_request_error', `No such payment_intent: '${String(form.payment_intent)}'`)];
    if (intent.status !== 'succeeded')
      return [
        400,
        error('invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.', {
          code: 'charge_not_refundable',
        }),
      ];
    const amount = form.amount === undefined ? Number(intent.amount_received) : Number(form.amount);
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      metadata: form.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    return [200, JSON.stringify(refund)];
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        form: decodeForm(raw),
      };
      requests.push(request);
      const current = fault;
      fault = null;
      if (current && current.kind !== 'status') return playTransportFault(res, current, send);
      if (current?.kind === 'status')
        return send(
          res,
          current.status,
          error(current.type ?? 'api_error', current.message ?? `status ${current.status}`),
        );
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return send(res, 401, error('invalid_request_error', 'Invalid API Key provided: sk_test_****'));
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded')
        return send(res, 400, error('invalid_request_error', 'Invalid request: expected a form-encoded body'));

      const key = req.headers['idempotency-key'];
      const scope = typeof key === 'string' ? `${request.path} ${key}` : null;
      const seen = scope ? idempotent.get(scope) : undefined;
      if (seen) {
        if (seen.raw !== raw)
          return send(
            res,
            400,
            error(
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            ),
          );
        return send(res, seen.status, seen.body, { 'idempotent-replayed': 'true' });
      }
      let answer: [number, string];
      if (req.method === 'POST' && request.path === '/v1/payment_intents') answer = createIntent(request.form);
      else if (req.method === 'POST' && request.path === '/v1/refunds') answer = createRefund(request.form);
      else answer = [404, error('invalid_request_error', `Unrecognized request URL (${req.method}: ${request.path}).`)];
      if (scope) idempotent.set(scope, { raw, status: answer[0], body: answer[1] });
      send(res, ...answer);
    });
  });
  const { baseUrl, close } = await listenOnLoopback(server);

  function signedWebhook(event: object): IncomingWebhook {
    const payload = JSON.stringify(event, null, 2);
    return {
      rawBody: Buffer.from(payload, 'utf8'),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      url: '/api/payments/webhooks/stripe',
    };
  }

  return {
    apiBase: baseUrl,
    secretKey,
    webhookSecret,
    requests,
    failNext: (f) => {
      fault = f;
    },
    settle(paymentIntentId, answer) {
      const intent = intents.get(paymentIntentId);
      if (!intent) throw new Error(`The fake knows no PaymentIntent ${paymentIntentId}`);
      if (answer === 'pay') {
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: id('ch') });
      } else {
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        });
      }
      return signedWebhook({
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...intent } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: answer === 'pay' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      });
    },
    signedWebhook,
    close,
  };
}
