import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

import type { IncomingWebhook } from '../ports/payment-provider.port';
import { listenOnLoopback, playTransportFault, type TransportFault } from './transport-faults';

/**
 * A stand-in for Safaricom's Daraja API on 127.0.0.1 (an ephemeral port), with the documented
 * shapes: `GET /oauth/v1/generate?grant_type=client_credentials` (Basic auth → access_token,
 * expires_in as a string), `POST /mpesa/stkpush/v1/processrequest` (Bearer; checks the Password,
 * Timestamp, amounts and numbers the way Daraja refuses them: `{requestId, errorCode, errorMessage}`),
 * and the STK callback `Body.stkCallback` that `settle` builds as Safaricom would POST it to the
 * request's CallBackURL once the payer has answered on their phone.
 */
export type FakeDarajaFault =
  | { kind: 'status'; status: number; errorCode?: string; errorMessage?: string }
  | TransportFault;

export interface FakeDarajaRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeDarajaServer {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  requests: FakeDarajaRequest[];
  /** expires_in of the tokens it issues from now on (Daraja's is 3599). */
  tokenLifetimeSec: number;
  failNext(fault: FakeDarajaFault): void;
  /** Daraja forgets every token it issued (as when one expires early): the next call gets 401. */
  revokeTokens(): void;
  /** The payer entered their PIN (`pay`) or cancelled; the callback Safaricom sends for it. */
  settle(checkoutRequestId: string, answer: 'pay' | 'decline'): IncomingWebhook;
  close(): Promise<void>;
}

interface StkRequest {
  checkoutRequestId: string;
  merchantRequestId: string;
  amount: number;
  phone: string;
  callbackUrl: string;
}

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const daraja = (res: ServerResponse, status: number, errorCode: string, errorMessage: string) =>
  send(res, status, JSON.stringify({ requestId: `${randomBytes(4).toString('hex')}-1`, errorCode, errorMessage }));

/** Safaricom's time: East Africa Time, YYYYMMDDHHmmss. */
const eat = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);

export async function startFakeDarajaServer(): Promise<FakeDarajaServer> {
  const consumerKey = `ck_${randomBytes(8).toString('hex')}`;
  const consumerSecret = `cs_${randomBytes(8).toString('hex')}`;
  const shortcode = '174379';
  const passkey = randomBytes(32).toString('hex');
  const requests: FakeDarajaRequest[] = [];
  const tokens = new Set<string>();
  const stk = new Map<string, StkRequest>();
  let fault: FakeDarajaFault | null = null;

  const fake: FakeDarajaServer = {
    baseUrl: '',
    consumerKey,
    consumerSecret,
    shortcode,
    passkey,
    requests,
    tokenLifetimeSec: 3599,
    failNext: (f) => {
      fault = f;
    },
    revokeTokens: () => tokens.clear(),
    settle(checkoutRequestId, answer) {
      const request = stk.get(checkoutRequestId);
      if (!request) throw new Error(`The fake knows no CheckoutRequestID ${checkoutRequestId}`);
      const stkCallback =
        answer === 'pay'
          ? {
              MerchantRequestID: request.merchantRequestId,
              CheckoutRequestID: checkoutRequestId,
              ResultCode: 0,
              ResultDesc: 'The service request is processed successfully.',
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: request.amount },
                  {
                    Name: 'MpesaReceiptNumber',
                    Value: `NLJ${randomBytes(4).toString('hex').toUpperCase().slice(0, 7)}`,
                  },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: Number(eat(new Date())) },
                  { Name: 'PhoneNumber', Value: Number(request.phone) },
                ],
              },
            }
          : {
              MerchantRequestID: request.merchantRequestId,
              CheckoutRequestID: checkoutRequestId,
              ResultCode: 1032,
              ResultDesc: 'Request cancelled by user',
            };
      const url = new URL(request.callbackUrl);
      return {
        rawBody: Buffer.from(JSON.stringify({ Body: { stkCallback } }), 'utf8'),
        headers: { 'content-type': 'application/json', 'user-agent': 'Apache-HttpClient/4.5.5 (Java/1.8.0_252)' },
        url: `${url.pathname}${url.search}`,
      };
    },
    // Replaced, with baseUrl, once the server listens.
    close: () => Promise.resolve(),
  };

  function oauth(req: { url?: string | undefined; headers: IncomingHttpHeaders }, res: ServerResponse) {
    const basic = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
    if (!req.url?.includes('grant_type=client_credentials'))
      return daraja(res, 400, '400.008.02', 'Invalid grant type passed');
    if (req.headers.authorization !== basic) return daraja(res, 400, '400.008.01', 'Invalid Authentication passed');
    const token = randomBytes(14).toString('base64url');
    tokens.add(token);
    send(res, 200, JSON.stringify({ access_token: token, expires_in: String(fake.tokenLifetimeSec) }));
  }

  function stkPush(headers: IncomingHttpHeaders, b: Record<string, unknown>, res: ServerResponse) {
    const token = headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(token)) return daraja(res, 401, '404.001.03', 'Invalid Access Token');
    const timestamp = String(b.Timestamp ?? '');
    const password = Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
    const bad = (message: string) => daraja(res, 400, '400.002.02', `Bad Request - Invalid ${message}`);
    if (String(b.BusinessShortCode) !== shortcode) return bad('BusinessShortCode');
    if (!/^\d{14}$/.test(timestamp)) return bad('Timestamp');
    if (b.Password !== password) return bad('Password'); // Daraja: "Wrong credentials" in the callback; refused here early
    if (b.TransactionType !== 'CustomerPayBillOnline') return bad('TransactionType');
    const amount = Number(b.Amount);
    if (!Number.isInteger(amount) || amount < 1) return bad('Amount');
    if (!/^2547\d{8}$|^2541\d{8}$/.test(String(b.PartyA)) || b.PartyA !== b.PhoneNumber) return bad('PhoneNumber');
    if (String(b.PartyB) !== shortcode) return bad('PartyB');
    if (typeof b.CallBackURL !== 'string' || !/^https?:\/\//.test(b.CallBackURL)) return bad('CallBackURL');
    if (typeof b.AccountReference !== 'string' || !b.AccountReference || b.AccountReference.length > 12)
      return bad('AccountReference');
    if (typeof b.TransactionDesc !== 'string' || !b.TransactionDesc || b.TransactionDesc.length > 13)
      return bad('TransactionDesc');
    const checkoutRequestId = `ws_CO_${eat(new Date())}${randomBytes(5).toString('hex')}`;
    const merchantRequestId = `${randomBytes(3).toString('hex')}-${randomBytes(4).toString('hex')}-1`;
    stk.set(checkoutRequestId, {
      checkoutRequestId,
      merchantRequestId,
      amount,
      phone: String(b.PhoneNumber),
      callbackUrl: b.CallBackURL,
    });
    send(
      res,
      200,
      JSON.stringify({
        MerchantRequestID: merchantRequestId,
        CheckoutRequestID: checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      }),
    );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // recorded as {}; Daraja answers a body it cannot read as an invalid request below
      }
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const current = fault;
      fault = null;
      if (current && current.kind !== 'status') return playTransportFault(res, current, send);
      if (current?.kind === 'status')
        return daraja(
          res,
          current.status,
          current.errorCode ?? '500.001.1001',
          current.errorMessage ?? 'Internal error',
        );
      if (req.method === 'GET' && path === '/oauth/v1/generate') return oauth(req, res);
      if (req.method === 'POST' && path === '/mpesa/stkpush/v1/processrequest') return stkPush(req.headers, body, res);
      daraja(res, 404, '404.001.01', 'Resource not found');
    });
  });
  const listening = await listenOnLoopback(server);
  fake.baseUrl = listening.baseUrl;
  fake.close = listening.close;
  return fake;
}
