import { createECDH, createPrivateKey, createSign, randomBytes } from 'node:crypto';

import { handleCommand } from '@platform/decider/handle-command';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';
import { silentLogger } from '@platform/logging/logger';
import webpush from 'web-push';

import { pushDecider } from './domain/push.decider';
import { pushStream } from './events';
import { deliver } from './push-delivery';
import { PUSH_SEND_JOB, type PushSendJob, pushSendProcessor } from './push-send';
import { MAX_PAYLOAD_BYTES, pushPayload } from './push-texts';
import { checkVapid, decryptAes128gcm, FakePushService } from './testing/fake-push-service';

const keys = webpush.generateVAPIDKeys();
const vapid = { ...keys, subject: 'mailto:ops@deenconnect.test' };
const U = 'member-1';
const job = { id: 'j1', name: PUSH_SEND_JOB, attempt: 1 };

describe('the fake push service (what the API tests rely on)', () => {
  let service: FakePushService;
  beforeAll(async () => (service = await new FakePushService().start()));
  afterAll(() => service.close());

  it('decrypts what web-push encrypts for a subscription, with a VAPID JWT that checks out', async () => {
    service.expectedKey = keys.publicKey;
    const sub = service.subscribe();
    expect((await deliver(sub, '{"hello":"سلام"}', vapid, 5000)).status).toBe(201);
    expect(service.payloads(sub.device)).toEqual([{ hello: 'سلام' }]);
    expect(service.received[0]!.headers['content-encoding']).toBe('aes128gcm');
  });

  it('refuses a push signed with another key, and cannot decrypt with the wrong auth secret', async () => {
    const sub = service.subscribe();
    const other = { ...webpush.generateVAPIDKeys(), subject: vapid.subject };
    expect((await deliver(sub, 'x', other, 5000)).status).toBe(400);
    expect(service.refused.at(-1)!.reason).toBe('signed with another VAPID key');
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const body = webpush.encrypt(
      publicKey.toString('base64url'),
      randomBytes(16).toString('base64url'),
      'secret',
      'aes128gcm',
    ).cipherText;
    expect(() => decryptAes128gcm(body, { ecdh, publicKey, auth: randomBytes(16) })).toThrow();
  });

  it('checks the JWT: a forged signature, the wrong audience, an expiry over 24 h away', () => {
    const origin = 'http://127.0.0.1:1234';
    const headers = webpush.getVapidHeaders(origin, vapid.subject, keys.publicKey, keys.privateKey, 'aes128gcm');
    expect(checkVapid(headers.Authorization, origin)).toBe(keys.publicKey);
    expect(() => checkVapid(headers.Authorization, 'http://127.0.0.1:9999')).toThrow(/aud/);
    const [t, k] = /t=([^,]+), k=(.+)$/.exec(headers.Authorization)!.slice(1) as [string, string];
    const [h, c] = t.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as Record<string, unknown>;
    const late = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 * 86400 })).toString(
      'base64url',
    );
    expect(() => checkVapid(`vapid t=${h}.${late}.${t.split('.')[2]}, k=${k}`, origin)).toThrow(/signature/);
    // Re-signed properly but with a far expiry: still refused.
    const der = Buffer.from(keys.privateKey, 'base64url');
    const pem = webpushPrivatePem(der, Buffer.from(keys.publicKey, 'base64url'));
    const sig = createSign('sha256')
      .update(`${h}.${late}`)
      .sign({ key: createPrivateKey(pem), dsaEncoding: 'ieee-p1363' });
    expect(() => checkVapid(`vapid t=${h}.${late}.${sig.toString('base64url')}, k=${k}`, origin)).toThrow(/exp/);
  });
});

/** A P-256 private key from its raw scalar and public point, as a KeyObject input. */
function webpushPrivatePem(d: Buffer, point: Buffer) {
  return {
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk' as const,
  };
}

describe('pushSendProcessor', () => {
  let service: FakePushService;
  beforeAll(async () => (service = await new FakePushService().start()));
  afterAll(() => service.close());

  const setUp = async () => {
    const eventStore = new MemoryEventStore();
    const enqueued: { data: PushSendJob; jobId?: string | undefined }[] = [];
    const jobs = {
      enqueue: async <T>(_name: string, data: T, options?: { jobId?: string }) => {
        enqueued.push({ data: data as PushSendJob, jobId: options?.jobId });
        return options?.jobId ?? 'x';
      },
    };
    const send = pushSendProcessor({
      eventStore,
      jobs,
      vapidKeys: async () => keys,
      push: { vapid: null, subject: vapid.subject, endpointOrigins: ['http://127.0.0.1:*'], timeoutMs: 5000 },
      logger: silentLogger,
    });
    const command = (c: Parameters<typeof pushDecider.decide>[1]) =>
      handleCommand(eventStore, pushStream(U), pushDecider, c, { actor: U });
    const device = async (language: 'en' | 'ar' = 'en') => {
      const sub = service.subscribe();
      await command({ type: 'Subscribe', userId: U, subscription: { ...sub, language }, at: new Date().toISOString() });
      return sub;
    };
    return { eventStore, enqueued, send, command, device };
  };
  const notice = (over: Partial<PushSendJob> = {}): PushSendJob => ({
    userId: U,
    notificationId: 'message:m1',
    type: 'message',
    targetId: 'c1',
    content: 'Salaam',
    actorName: 'Aisha',
    ...over,
  });

  it('sends to each device in its language; a category turned off sends nothing', async () => {
    const { send, command, device } = await setUp();
    const en = await device('en');
    const ar = await device('ar');
    await send(notice(), job);
    expect(service.payloads(en.device)).toEqual([
      {
        id: 'message:m1',
        title: 'New message from \u2068Aisha\u2069',
        body: 'Salaam',
        url: '/messages?conversation=c1',
        tag: 'conversation:c1',
      },
    ]);
    expect(service.payloads(ar.device)[0]).toMatchObject({
      title: 'رسالة جديدة من \u2068Aisha\u2069',
      url: '/messages?conversation=c1',
    });
    await command({ type: 'ChangeSettings', userId: U, changes: { messages: false }, at: new Date().toISOString() });
    await send(notice({ notificationId: 'message:m2' }), job);
    expect(service.hits(en.device)).toBe(1);
    await send(notice({ notificationId: 'mention:p1', type: 'mention', targetId: 'p1' }), job);
    expect(service.payloads(en.device)[1]).toMatchObject({ title: '\u2068Aisha\u2069 mentioned you', url: '/post/p1' });
  });

  it('removes a device its push service answers 410 or 404, as an event, and sends to it no more', async () => {
    const { send, device, eventStore } = await setUp();
    const gone = await device();
    const missing = await device();
    service.answer(gone.device, 410);
    service.answer(missing.device, 404);
    await send(notice(), job);
    const events = (await eventStore.readStream(pushStream(U))).map((e) => [
      e.type,
      (e.data as { reason?: string }).reason,
    ]);
    expect(events.slice(-2)).toEqual([
      ['PushUnsubscribed', 'gone'],
      ['PushUnsubscribed', 'gone'],
    ]);
    await send(notice({ notificationId: 'message:m9' }), job);
    expect(service.hits(gone.device)).toBe(1);
    expect(service.hits(missing.device)).toBe(1);
  });

  it('hands a device that failed (500) a retry job of its own; that job throws so the queue retries it', async () => {
    const { send, device, enqueued } = await setUp();
    const ok = await device();
    const failing = await device();
    service.answer(failing.device, 500);
    await send(notice(), job);
    expect(service.hits(ok.device)).toBe(1);
    expect(enqueued).toEqual([
      { data: { ...notice(), endpoint: failing.endpoint }, jobId: expect.stringMatching(/^push-[0-9a-f]{64}$/) },
    ]);
    await expect(send(enqueued[0]!.data, { ...job, attempt: 2 })).rejects.toThrow(/failed/);
    expect(service.hits(ok.device)).toBe(1);
    service.answer(failing.device, 0);
  });

  it('never sends to an endpoint outside the allowed origins, even one recorded earlier', async () => {
    const { send, command } = await setUp();
    const sub = service.subscribe();
    // Recorded straight on the stream (as if the origins were narrowed after it subscribed).
    await command({
      type: 'Subscribe',
      userId: U,
      subscription: { ...sub, endpoint: sub.endpoint.replace('127.0.0.1', 'localhost'), language: 'en' },
      at: new Date().toISOString(),
    });
    await send(notice(), job);
    expect(service.hits(sub.device)).toBe(0);
  });

  it('keeps the payload under 3 KB whatever the texts', () => {
    const p = pushPayload(notice({ content: 'ب'.repeat(5000), actorName: 'ع'.repeat(500) }), 'ar');
    expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(Object.keys(p).sort()).toEqual(['body', 'id', 'tag', 'title', 'url']);
  });
});
