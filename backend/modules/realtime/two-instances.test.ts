import { loadConfig } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logging';
import { startRuntime, type Runtime } from '../../src/runtime';
import { testProfiles } from '../../src/testing/profiles';
import { IDENTITY_TEST_ENV, registerMember, type Member } from '../identity/testing/members';
import { conversationBetween, sendMessage, sessionCookieOf } from '../messaging/testing/chat';
import { connectSocket, emitWithAck, listeningUrl, nextEvent } from '../messaging/testing/sockets';

type Payload = Record<string, unknown>;

/**
 * Scale-out: two API processes (here two runtimes) on one PostgreSQL schema and one Redis, with the
 * projections in a third. Member A talks to instance 1, member B to instance 2.
 */
for (const make of testProfiles()) {
  const profile = make();
  if (profile.name !== 'postgres+redis') continue;
  describe('realtime across two API instances (postgres+redis)', () => {
    let projections: Runtime;
    let api1: Runtime;
    let api2: Runtime;
    let a: Member;
    let b: Member;
    let conversationId: string;
    const start = (role: 'api' | 'projections') =>
      startRuntime(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', FRONTEND_DIST: '/nonexistent', SEED: 'false', ...profile.env(), ...IDENTITY_TEST_ENV }), createLogger('silent'), role);

    beforeAll(async () => {
      projections = await start('projections');
      [api1, api2] = [await start('api'), await start('api')];
      a = await registerMember(api1);
      b = await registerMember(api2);
      conversationId = await conversationBetween(a, b);
    }, 60_000);
    afterAll(async () => {
      for (const rt of [api1, api2, projections]) await rt?.shutdown();
      await profile.cleanup(undefined);
    }, 60_000);

    it('delivers a message, a notification, a typing indicator, presence and a read receipt from one instance to the other', async () => {
      const [url1, url2] = [await listeningUrl(api1), await listeningUrl(api2)];
      // Each member's agent talks to the instance it registered on; sockets follow.
      const sa = await connectSocket(url1, sessionCookieOf(api1, a));
      const online = nextEvent<Payload>(sa, 'user_online', (p) => p.userId === b.id && p.isOnline === true);
      const sb = await connectSocket(url2, sessionCookieOf(api2, b));
      try {
        await online;
        // Presence is shared: instance 1 sees B, connected to instance 2, online.
        expect((await a.agent.get(`/api/conversations/${conversationId}`).expect(200)).body.user.isOnline).toBe(true);

        const atB = nextEvent<Payload>(sb, 'new_message', (m) => m.content === 'across instances');
        const notified = nextEvent<Payload>(sb, 'notification', (n) => (n.notification as Payload).type === 'message');
        const sent = await sendMessage(a, { conversationId, content: 'across instances' }).expect(201);
        expect(await atB).toMatchObject({ id: sent.body.id, cursor: sent.body.id, senderId: a.id });
        // The notification is pushed by the projections process, through Redis, to B's instance.
        expect(await notified).toMatchObject({ unreadCount: 1, notification: { actorId: a.id, targetId: conversationId, content: 'across instances' } });

        // A social notification takes the same path.
        const followed = nextEvent<Payload>(sb, 'notification', (n) => (n.notification as Payload).type === 'follow');
        await a.agent.post(`/api/users/${b.id}/follow`).set('X-CSRF-Token', a.token).expect((r) => expect(r.status).toBeLessThan(300));
        expect(await followed).toMatchObject({ unreadCount: 2 });

        const typing = nextEvent<Payload>(sb, 'user_typing');
        await emitWithAck(sa, 'typing', { conversationId, isTyping: true });
        expect(await typing).toEqual({ conversationId, userId: a.id, isTyping: true });

        const receipt = nextEvent<Payload>(sa, 'messages_read', (r) => r.upTo === sent.body.id);
        expect(await emitWithAck(sb, 'mark_messages_read', { conversationId })).toMatchObject({ ok: true });
        expect(await receipt).toMatchObject({ readerId: b.id });

        // Signing out through instance 2 closes B's socket there; the push comes from the projections process.
        const closed = new Promise<string>((resolve) => sb.once('disconnect', resolve));
        await b.agent.post('/api/auth/logout').set('X-CSRF-Token', b.token).expect((r) => expect(r.status).toBeLessThan(300));
        expect(await closed).toBe('io server disconnect');
      } finally {
        sa.close();
        sb.close();
      }
    });
  });
}
