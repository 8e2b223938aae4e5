import { conversationBetween, sendMessage } from '@testing/chat';
import { eventually } from '@testing/eventually';
import { IDENTITY_TEST_ENV, type Member } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { memberWithRole } from '../../moderation/testing/staff';
import { MAX_PUSH_DEVICES } from '../domain/push.decider';
import { FakePushService } from '../testing/fake-push-service';
import { PUSH_MESSAGES } from './push.schemas';

type Device = ReturnType<FakePushService['subscribe']>;

describeOnProfiles(
  'web push',
  (rt) => {
    let service: FakePushService;
    beforeAll(async () => {
      service = await new FakePushService().start();
    });
    afterAll(() => service.close());

    const send = (m: Member, method: 'post' | 'put' | 'delete', path: string, body: unknown) =>
      m.agent[method](path)
        .set('X-CSRF-Token', m.token)
        .send(body as object);
    const subscribe = (m: Member, body: unknown) => send(m, 'post', '/api/push/subscriptions', body);
    const device = async (m: Member, language?: 'en' | 'ar') => {
      const sub = service.subscribe();
      await subscribe(m, { endpoint: sub.endpoint, keys: sub.keys, ...(language ? { language } : {}) }).expect(201);
      return sub;
    };
    const devicesOf = async (m: Member) =>
      ((await m.agent.get('/api/push/subscriptions').expect(200)).body as { subscriptions: { endpoint: string }[] })
        .subscriptions;
    const arrived = (d: Device, count = 1) =>
      eventually(
        async () => service.payloads(d.device),
        (p) => p.length >= count,
        `${count} push(es) to ${d.device}`,
      );
    /** Everything handed to the push pipeline so far has been sent (or dropped). */
    const settled = async () => {
      await new Promise((r) => setTimeout(r, 200));
      await rt().platform.jobQueue.idle();
    };
    const message = async (from: Member, to: Member, content: string) => {
      const conversationId = await conversationBetween(from, to);
      const res = await sendMessage(from, { conversationId, content });
      return { conversationId, res };
    };
    /** A message from a third member: proves the pipeline ran for the recipient after what is checked. */
    const control = async (to: Member, d: Device) => {
      const before = service.payloads(d.device).length;
      const other = await registerVerifiedMember(rt());
      await message(other, to, 'control').then(({ res }) => expect(res.status).toBe(201));
      await arrived(d, before + 1);
      await settled();
      return other;
    };

    it('GET /api/push/key gives every visitor the one VAPID public key the pushes are signed with', async () => {
      const server = rt().http!.getHttpServer();
      const a = (await request(server).get('/api/push/key').expect(200)).body as { publicKey: string };
      expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
      expect((await request(server).get('/api/push/key').expect(200)).body).toEqual(a);
      service.expectedKey = a.publicKey;
    });

    it('a message reaches the recipient’s devices, decrypted, in each device’s language, opening the chat', async () => {
      const [a, b] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const en = await device(b);
      const ar = await device(b, 'ar');
      const { conversationId, res } = await message(a, b, 'Salaam, are we meeting after Asr?');
      expect(res.status).toBe(201);
      const [push] = await arrived(en);
      expect(push).toEqual({
        id: `message:${res.body.id as string}`,
        title: `New message from \u2068${a.displayName}\u2069`,
        body: 'Salaam, are we meeting after Asr?',
        url: `/messages?conversation=${conversationId}`,
        tag: `conversation:${conversationId}`,
      });
      expect((await arrived(ar))[0]).toMatchObject({
        title: `رسالة جديدة من \u2068${a.displayName}\u2069`,
        url: push!.url,
      });
      expect(service.refused).toEqual([]);
      // The sender's own devices hear nothing of their own message.
      const own = await device(a);
      await message(a, b, 'again');
      await arrived(en, 2);
      await settled();
      expect(service.hits(own.device)).toBe(0);
    });

    it('refuses malformed subscriptions with a clear 400, and needs a session and the CSRF token', async () => {
      const m = await registerVerifiedMember(rt());
      const good = service.subscribe();
      const body = { endpoint: good.endpoint, keys: good.keys };
      const refused = async (b: unknown, message: string) =>
        expect((await subscribe(m, b).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED', message });
      await refused({ keys: good.keys }, PUSH_MESSAGES.endpointRequired);
      await refused({ endpoint: good.endpoint }, PUSH_MESSAGES.keysRequired);
      await refused({ ...body, keys: { ...good.keys, p256dh: 'abc' } }, PUSH_MESSAGES.p256dh);
      // 65 bytes, but not a point on the curve: encrypting to it would fail at every send.
      await refused(
        { ...body, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
        PUSH_MESSAGES.p256dh,
      );
      await refused(
        { ...body, keys: { ...good.keys, auth: Buffer.alloc(12).toString('base64url') } },
        PUSH_MESSAGES.auth,
      );
      await refused({ ...body, language: 'fr' }, PUSH_MESSAGES.language);
      await refused({ ...body, endpoint: `${good.endpoint}${'x'.repeat(1100)}` }, PUSH_MESSAGES.endpointTooLong);
      expect((await send(m, 'delete', '/api/push/subscriptions', {}).expect(400)).body.message).toBe(
        PUSH_MESSAGES.endpointRequired,
      );
      expect((await send(m, 'put', '/api/push/settings', {}).expect(400)).body.message).toBe(PUSH_MESSAGES.noCategory);
      await send(m, 'put', '/api/push/settings', { messages: 'no' }).expect(400);
      await m.agent.post('/api/push/subscriptions').send(body).expect(403);
      const server = rt().http!.getHttpServer();
      await request(server).get('/api/push/subscriptions').expect(401);
      await request(server).get('/api/push/settings').expect(401);
      expect(await devicesOf(m)).toEqual([]);
    });

    it('attack: a subscription aimed at an internal address or another host is refused (SSRF)', async () => {
      const m = await registerVerifiedMember(rt());
      const { keys, endpoint } = service.subscribe();
      const port = new URL(endpoint).port;
      for (const target of [
        `http://localhost:${port}/push/x`,
        `http://10.0.0.1:${port}/push/x`,
        'http://169.254.169.254/latest/meta-data/',
        `http://[::1]:${port}/push/x`,
        `http://user:pw@127.0.0.1:${port}/push/x`,
        'https://fcm.googleapis.com/fcm/send/x', // a real service, but not one this deployment allows
        'file:///etc/passwd',
      ])
        expect((await subscribe(m, { endpoint: target, keys }).expect(400)).body.message).toBe(
          PUSH_MESSAGES.endpointNotAllowed,
        );
      // A huge body is refused before it is read as JSON or stored.
      const huge = await subscribe(m, { endpoint, keys, padding: 'x'.repeat(2_000_000) });
      expect([400, 413]).toContain(huge.status);
      expect(await devicesOf(m)).toEqual([]);
    });

    it('attack: a member cannot remove, or listen in on, someone else’s device', async () => {
      const [a, b, mallory] = await Promise.all([1, 2, 3].map(() => registerVerifiedMember(rt())));
      const bDevice = await device(b!);
      const res = await send(mallory!, 'delete', '/api/push/subscriptions', { endpoint: bDevice.endpoint }).expect(404);
      expect(res.body.code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
      expect((await devicesOf(b!)).map((d) => d.endpoint)).toEqual([bDevice.endpoint]);
      expect(await devicesOf(mallory!)).toEqual([]);
      await message(a!, b!, 'still reaches b');
      await arrived(bDevice);
      // The owner can remove it; after that nothing is sent to it.
      await send(b!, 'delete', '/api/push/subscriptions', { endpoint: bDevice.endpoint }).expect(200);
      expect(await devicesOf(b!)).toEqual([]);
      await message(a!, b!, 'not any more');
      await settled();
      expect(service.hits(bDevice.device)).toBe(1);
    });

    it('one endpoint has one member: subscribing it as another member moves it', async () => {
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => registerVerifiedMember(rt())));
      const shared = await device(b!);
      await subscribe(c!, { endpoint: shared.endpoint, keys: shared.keys }).expect(201);
      expect(await devicesOf(b!)).toEqual([]);
      expect((await devicesOf(c!)).map((d) => d.endpoint)).toEqual([shared.endpoint]);
      await message(a!, b!, 'for b only');
      await message(a!, c!, 'for c');
      const pushes = await arrived(shared);
      await settled();
      expect(service.payloads(shared.device).map((p) => p.body)).toEqual(['for c']);
      expect(pushes).toHaveLength(1);
    });

    it('attack: knowing someone’s endpoint is not enough to take their device (other keys: 409)', async () => {
      const [a, b, mallory] = await Promise.all([1, 2, 3].map(() => registerVerifiedMember(rt())));
      const bDevice = await device(b!);
      const own = service.subscribe();
      const res = await subscribe(mallory!, { endpoint: bDevice.endpoint, keys: own.keys }).expect(409);
      expect(res.body).toMatchObject({ code: 'PUSH_ENDPOINT_TAKEN', message: PUSH_MESSAGES.endpointTaken });
      expect((await devicesOf(b!)).map((d) => d.endpoint)).toEqual([bDevice.endpoint]);
      await message(a!, b!, 'b keeps hearing');
      expect((await arrived(bDevice))[0]!.body).toBe('b keeps hearing');
    });

    it(`attack: a member keeps at most ${MAX_PUSH_DEVICES} devices (no fan-out from one account)`, async () => {
      const m = await registerVerifiedMember(rt());
      for (let i = 0; i < MAX_PUSH_DEVICES + 2; i++) await device(m);
      expect(await devicesOf(m)).toHaveLength(MAX_PUSH_DEVICES);
    });

    it('honours the member’s categories: messages off sends no message push, a mention still comes', async () => {
      const [a, b] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const d = await device(b);
      expect((await b.agent.get('/api/push/settings').expect(200)).body).toEqual({
        settings: { messages: true, social: true, courses: true, donations: true },
      });
      const changed = await send(b, 'put', '/api/push/settings', { messages: false }).expect(200);
      expect(changed.body.settings).toEqual({ messages: false, social: true, courses: true, donations: true });
      await message(a, b, 'muted by settings');
      const post = await createPost(a, { content: `Jazak Allah khair @${b.username}` });
      const [push] = await arrived(d);
      await settled();
      expect(service.payloads(d.device)).toEqual([
        expect.objectContaining({ title: `\u2068${a.displayName}\u2069 mentioned you`, url: `/post/${post.id}` }),
      ]);
      expect(push!.tag).toBe(`notification:${push!.id as string}`);
      // A reply to their post is social news too.
      const own = await createPost(b, { content: 'Dhikr after Fajr' });
      await send(a, 'post', `/api/posts/${own.id}/comments`, { content: 'Ameen' }).expect(201);
      expect((await arrived(d, 2))[1]).toMatchObject({
        title: `\u2068${a.displayName}\u2069 replied to your post`,
        body: 'Ameen',
        url: `/post/${own.id}`,
      });
    });

    it('never pushes across a block', async () => {
      const [a, b] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const d = await device(b);
      const conversationId = await conversationBetween(a, b);
      await send(b, 'post', `/api/users/${a.id}/block`, {}).expect((r) => expect(r.status).toBeLessThan(300));
      await sendMessage(a, { conversationId, content: 'blocked' });
      await createPost(a, { content: `hey @${b.username}` });
      await control(b, d);
      expect(service.payloads(d.device).map((p) => p.body)).toEqual(['control']);
    });

    it('never pushes a muted conversation, nor a member the recipient muted', async () => {
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => registerVerifiedMember(rt())));
      const d = await device(b!);
      const { conversationId } = await message(a!, b!, 'first');
      await arrived(d);
      await send(b!, 'post', `/api/conversations/${conversationId}/mute`, { muted: true }).expect((r) =>
        expect(r.status).toBeLessThan(300),
      );
      await sendMessage(a!, { conversationId, content: 'in a muted conversation' }).expect(201);
      await send(b!, 'post', `/api/users/${c!.id}/mute`, {}).expect((r) => expect(r.status).toBeLessThan(300));
      await message(c!, b!, 'from a muted member');
      await control(b!, d);
      expect(service.payloads(d.device).map((p) => p.body)).toEqual(['first', 'control']);
    });

    it('removes a device its push service answers 410, and sends it nothing more', async () => {
      const [a, b] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const gone = await device(b);
      const alive = await device(b);
      service.answer(gone.device, 410);
      await message(a, b, 'one');
      await arrived(alive);
      await eventually(
        () => devicesOf(b),
        (list) => list.length === 1,
        'the gone device removed',
      );
      expect((await devicesOf(b))[0]!.endpoint).toBe(alive.endpoint);
      await message(a, b, 'two');
      await arrived(alive, 2);
      await settled();
      expect(service.hits(gone.device)).toBe(1);
    });

    it('tells the members on the notify-me list that donations opened, under donations', async () => {
      const [watcher, other] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const admin = await memberWithRole(rt(), 'admin');
      const [d, otherDevice] = [await device(watcher, 'ar'), await device(other)];
      await send(admin, 'put', '/api/admin/donations', { paused: true }).expect(200);
      await send(watcher, 'post', '/api/notify/donations-open', {}).expect(200);
      await send(admin, 'put', '/api/admin/donations', { paused: false }).expect(200);
      expect((await arrived(d))[0]).toMatchObject({ title: 'باب التبرعات مفتوح', url: '/support' });
      await control(other, otherDevice);
      expect(service.payloads(otherDevice.device).map((p) => p.body)).toEqual(['control']);
    });

    it("tells a post's author on their devices that the moderators hid it, with why, and opens the post", async () => {
      const author = await registerVerifiedMember(rt());
      const moderator = await memberWithRole(rt(), 'moderator');
      const d = await device(author, 'ar');
      const post = await createPost(author, { content: 'Words the moderators hide' });
      await send(moderator, 'post', `/api/admin/posts/${post.id}/hide`, { reason: 'Spam ring' }).expect(200);
      expect((await arrived(d))[0]).toMatchObject({
        title: 'أخفى المشرفون منشورك',
        body: 'Spam ring',
        url: `/post/${post.id}`,
      });
      await send(moderator, 'post', `/api/admin/posts/${post.id}/restore`, { reason: 'Reviewed' }).expect(200);
      expect((await arrived(d, 2))[1]).toMatchObject({ title: 'أصبح منشورك ظاهرًا من جديد', url: `/post/${post.id}` });
    });

    it('a rebuild of the notifications replays history without pushing any of it again', async () => {
      const [a, b] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const admin = await memberWithRole(rt(), 'admin');
      const d = await device(b);
      await message(a, b, 'said once');
      await arrived(d);
      await send(admin, 'post', '/api/admin/projections/notifications/rebuild', {}).expect(202);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const rows = (await admin.agent.get('/api/admin/projections').expect(200)).body as {
          name: string;
          rebuild: { state: string } | null;
        }[];
        const state = rows.find((r) => r.name === 'notifications')!.rebuild?.state;
        expect(state).not.toBe('failed');
        if (state === 'done') break;
        if (Date.now() > deadline) throw new Error('the rebuild did not finish');
        await new Promise((r) => setTimeout(r, 100));
      }
      // A live batch after the rebuild sends what the outbox holds: nothing of the replay.
      await message(a, b, 'news after it');
      await arrived(d, 2);
      await settled();
      expect(service.payloads(d.device).map((p) => p.body)).toEqual(['said once', 'news after it']);
    });
  },
  { ...IDENTITY_TEST_ENV, PUSH_ENDPOINT_ORIGINS: 'http://127.0.0.1:*' },
);
