import { silentLogger } from '@platform/logging';

import { expectTimedOut } from '../testing/expect-timed-out';
import { type FakeDarajaServer, startFakeDarajaServer } from '../testing/fake-daraja-server';
import { describePaymentProviderContract } from '../testing/payment-provider.contract';
import { darajaTimestamp, MpesaPayments, type MpesaPaymentsOptions } from './mpesa.payments';
import { bodyText } from './payment-input';

/** Short, for the tests that wait for it; every other call gets a long one so a loaded machine cannot fail it. */
const TIMEOUT_MS = 400;
const RELAXED_MS = 5000;
const CALLBACK = 'https://app.example.test/api/payments/callbacks/daraja';

function adapter(fake: FakeDarajaServer, extra: Partial<MpesaPaymentsOptions> = {}) {
  return new MpesaPayments({
    baseUrl: fake.baseUrl,
    consumerKey: fake.consumerKey,
    consumerSecret: fake.consumerSecret,
    shortcode: fake.shortcode,
    passkey: fake.passkey,
    callbackUrl: CALLBACK,
    timeoutMs: RELAXED_MS,
    logger: silentLogger,
    ...extra,
  });
}

describePaymentProviderContract('M-Pesa Daraja', 'mpesa', async () => {
  const fake = await startFakeDarajaServer();
  return {
    provider: adapter(fake),
    input: (base) => ({ ...base, method: 'mpesa', phone: '0712 345 678', description: 'Tajweed basics' }),
    callback: (start, answer) => Promise.resolve(fake.settle(start.reference, answer)),
    unsigned: (w) => ({ ...w, url: w.url.replace(/&token=[^&]+/, '') }),
    // Daraja signs nothing, so the forgery that matters is a callback pointed at another order.
    tampered: (w) => ({ ...w, url: w.url.replace(/order=[^&]+/, 'order=someone-elses-order') }),
    refunds: 'manual',
    dispose: () => fake.close(),
  };
});

describe('the M-Pesa Daraja payment provider', () => {
  let fake: FakeDarajaServer;
  const input = (orderId = '0193a4b2-7c1d-7e8f-9a0b-1c2d3e4f5a6b', amount = 150_000) => ({
    orderId,
    amount,
    method: 'mpesa' as const,
    phone: '+254 712 345 678',
    description: 'Seerah of the Prophet',
  });
  const stkRequests = () => fake.requests.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest');
  const tokenRequests = () => fake.requests.filter((r) => r.path.startsWith('/oauth/v1/generate'));

  beforeAll(async () => {
    fake = await startFakeDarajaServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.tokenLifetimeSec = 3599;
  });

  it('sends the documented STK push: password, EAT timestamp, whole shillings, 2547… numbers, callback with token', async () => {
    const mpesa = adapter(fake, { now: () => new Date('2026-03-01T21:05:09Z') });
    const start = await mpesa.start(input());
    expect(start).toEqual({
      provider: 'mpesa',
      reference: expect.stringMatching(/^ws_CO_/),
      clientAction: {
        kind: 'mpesa_stk',
        checkoutRequestId: start.reference,
        merchantRequestId: expect.any(String),
        message: 'Check your phone and enter your M-Pesa PIN to pay',
      },
    });
    const [request] = stkRequests();
    expect(request!.headers.authorization).toMatch(/^Bearer \S+$/);
    const body = request!.body;
    expect(body).toMatchObject({
      BusinessShortCode: fake.shortcode,
      Timestamp: '20260302000509',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: '254712345678',
      PartyB: fake.shortcode,
      PhoneNumber: '254712345678',
      AccountReference: 'DC2d3e4f5a6b',
      TransactionDesc: 'Seerah of the',
    });
    expect(Buffer.from(String(body.Password), 'base64').toString()).toBe(
      `${fake.shortcode}${fake.passkey}20260302000509`,
    );
    const callback = new URL(String(body.CallBackURL));
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(callback.searchParams.get('order')).toBe(input().orderId);
    expect(callback.searchParams.get('amount')).toBe('150000');
    expect(callback.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('formats Daraja timestamps in Kenyan time', () => {
    expect(darajaTimestamp(new Date('2026-12-31T21:00:00Z'))).toBe('20270101000000');
  });

  it.each([
    ['0712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['254 110 123 456', '254110123456'],
    ['(0)711-222-333', '254711222333'],
  ])('sends %s as %s', async (phone, sent) => {
    await adapter(fake).start({ ...input(), phone });
    expect(stkRequests()[0]!.body.PhoneNumber).toBe(sent);
  });

  it('asks for a token once and reuses it until it is about to expire', async () => {
    const mpesa = adapter(fake);
    await Promise.all([mpesa.start(input('a')), mpesa.start(input('b'))]);
    await mpesa.start(input('c'));
    expect(tokenRequests()).toHaveLength(1);
    expect(tokenRequests()[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.consumerKey}:${fake.consumerSecret}`).toString('base64')}`,
    );
    expect(tokenRequests()[0]!.path).toBe('/oauth/v1/generate?grant_type=client_credentials');

    fake.tokenLifetimeSec = 30; // within the one-minute margin: every call fetches a fresh token
    const shortLived = adapter(fake);
    fake.requests.length = 0;
    await shortLived.start(input('d'));
    await shortLived.start(input('e'));
    expect(tokenRequests()).toHaveLength(2);
  });

  it('fetches a new token and tries once more when Daraja no longer accepts the cached one', async () => {
    const mpesa = adapter(fake);
    await mpesa.start(input('first'));
    fake.revokeTokens();
    fake.requests.length = 0;
    await expect(mpesa.start(input('second'))).resolves.toMatchObject({ provider: 'mpesa' });
    expect(fake.requests.map((r) => r.path.split('?')[0])).toEqual([
      '/mpesa/stkpush/v1/processrequest',
      '/oauth/v1/generate',
      '/mpesa/stkpush/v1/processrequest',
    ]);
  });

  it('reports wrong consumer credentials as a refusal, naming Daraja’s error', async () => {
    const mpesa = adapter(fake, { consumerSecret: 'wrong' });
    await expect(mpesa.start(input())).rejects.toMatchObject({
      code: 'PROVIDER_REJECTED',
      detail: expect.stringMatching(/400\.008\.01 Invalid Authentication passed/),
    });
  });

  it('reports a wrong passkey (Daraja refuses the password) as a refusal', async () => {
    await expect(adapter(fake, { passkey: 'wrong' }).start(input())).rejects.toMatchObject({
      code: 'PROVIDER_REJECTED',
      detail: expect.stringMatching(/Invalid Password/),
    });
  });

  it.each([
    ['a 500', { kind: 'status', status: 500 }, 'PROVIDER_UNAVAILABLE'],
    ['a 503', { kind: 'status', status: 503 }, 'PROVIDER_UNAVAILABLE'],
    [
      'a 400',
      { kind: 'status', status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request' },
      'PROVIDER_REJECTED',
    ],
    ['JSON that does not parse', { kind: 'raw', body: '{"access_token": ' }, 'PROVIDER_MALFORMED'],
    ['a token reply without a token', { kind: 'raw', body: '{"expires_in":"3599"}' }, 'PROVIDER_MALFORMED'],
  ] as const)('turns %s from Daraja into a typed failure at once', async (_, fault, code) => {
    fake.failNext(fault);
    const started = Date.now();
    await expect(adapter(fake).start(input())).rejects.toMatchObject({ code, provider: 'mpesa' });
    expect(Date.now() - started).toBeLessThan(RELAXED_MS / 2); // no waiting for the timeout
  });

  it('turns an STK reply without a CheckoutRequestID into a malformed-reply failure', async () => {
    const mpesa = adapter(fake);
    await mpesa.start(input('warm-up')); // the token is cached, so the next request is the STK push
    fake.failNext({ kind: 'raw', body: '{"ResponseCode":"0"}' });
    await expect(mpesa.start(input())).rejects.toMatchObject({ code: 'PROVIDER_MALFORMED' });
  });

  it.each([
    ['does not answer', 'hang'],
    ['stops half-way through its reply', 'stall'],
  ] as const)('gives up after the timeout when Daraja %s', async (_, kind) => {
    fake.failNext({ kind });
    await expectTimedOut(() => adapter(fake, { timeoutMs: TIMEOUT_MS }).start(input()), TIMEOUT_MS);
  });

  it('reports an unreachable Daraja as unavailable', async () => {
    const mpesa = adapter(fake, { baseUrl: 'http://127.0.0.1:9' });
    await expect(mpesa.start(input())).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
  });

  it('refuses a callback whose token was made with another secret or for another amount', async () => {
    const mpesa = adapter(fake);
    const start = await mpesa.start(input());
    const webhook = fake.settle(start.reference, 'pay');
    await expect(adapter(fake, { callbackSecret: 'another-secret' }).parseWebhook(webhook)).rejects.toMatchObject({
      code: 'WEBHOOK_REJECTED',
    });
    const cheaper = { ...webhook, url: webhook.url.replace('amount=150000', 'amount=100') };
    await expect(mpesa.parseWebhook(cheaper)).rejects.toThrow(/token does not match/);
  });

  it('reads the amount Safaricom reports, even as a decimal, and the receipt', async () => {
    const mpesa = adapter(fake);
    const start = await mpesa.start(input());
    const webhook = fake.settle(start.reference, 'pay');
    const text = bodyText(webhook.rawBody).replace('"Value":1500', '"Value":1499.00');
    const result = await mpesa.parseWebhook({ ...webhook, rawBody: text });
    expect(result).toMatchObject({
      kind: 'outcome',
      outcome: { status: 'succeeded', amount: 149_900, receipt: expect.stringMatching(/^NLJ/) },
    });
  });

  it('refuses a success callback without its amount or receipt', async () => {
    const mpesa = adapter(fake);
    const start = await mpesa.start(input());
    const webhook = fake.settle(start.reference, 'pay');
    const body = JSON.parse(bodyText(webhook.rawBody));
    body.Body.stkCallback.CallbackMetadata.Item = [];
    await expect(mpesa.parseWebhook({ ...webhook, rawBody: JSON.stringify(body) })).rejects.toThrow(
      /without its amount or receipt/,
    );
  });

  it('says a refund must be made by hand', async () => {
    expect(await adapter(fake).refund()).toEqual({
      status: 'manual_required',
      message: expect.stringMatching(/by hand/),
    });
  });

  it('refuses a callback URL with a query of its own', () => {
    expect(() => adapter(fake, { callbackUrl: `${CALLBACK}?x=1` })).toThrow(/no query/);
  });
});
