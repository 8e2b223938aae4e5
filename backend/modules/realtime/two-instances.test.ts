import { conversationBetween, sendMessage } from '@testing/chat';
import { IDENTITY_TEST_ENV } from '@testing/members';
import { connectSocket, emitWithAck, nextEvent } from '@testing/sockets';
import type { Socket } from 'socket.io-client';

import { type AppProcess, appProcesses } from '../../src/testing/app-processes';
import { type HttpMember, registerMemberAt, sameBrowserAt, sessionCookieAt } from '../../src/testing/http-members';
import { type TestProfile, testProfiles } from '../../src/testing/profiles';

type Payload = Record<string, unknown>;

/**
 * Scale-out with real processes: two API processes (ROLE=api) and one projections process
 * (ROLE=projections), each its own `node` running the app's entry point, on one fresh PostgreSQL
 * schema and one fresh Redis key prefix, as the compose stack runs them. Member A talks (HTTP and
 * socket) to process 1, member B to process 2. What B gets crosses processes through Redis: typing
 * and presence from process 1, every projection push (messages, notifications, receipts, session
 * ends) from process 3, which holds no sockets at all.
 *
 * Runs when PostgreSQL and Redis answer (with CI set, their absence fails the run).
 */
const shared: TestProfile | undefined = testProfiles()
  .map((make) => make())
  .find((p) => p.name === 'postgres+redis');

if (shared)
  describe('realtime across two API processes (postgres+redis, real processes)', () => {
    const profile = shared!;
    const apps = appProcesses();
    let api1: AppProcess;
    let api2: AppProcess;
    let a: HttpMember;
    let b: HttpMember;
    let conversationId: string;
    const sockets: Socket[] = [];

    /** A bounded wait whose failure says what was awaited and shows the processes' last output. */
    const awaited = <T>(what: string, p: Promise<T>): Promise<T> =>
      p.catch((err: Error) => {
        throw new Error(`${what}: ${err.message}\n${apps.report()}`);
      });

    const connect = async (member: HttpMember, app: AppProcess) => {
      const socket = await awaited(
        `${member.username}'s socket to ${app.name}`,
        connectSocket(app.url!, sessionCookieAt(member)),
      );
      sockets.push(socket);
      return socket;
    };

    beforeAll(async () => {
      const env = { ...profile.env(), ...IDENTITY_TEST_ENV };
      // In parallel: the schema's DDL and the server secret are safe to create from several
      // processes at once (advisory lock, lease), which this start-up exercises too.
      // allSettled: every start has finished (ready or failed) before afterAll stops them.
      const started = await Promise.allSettled([
        apps.start('api', { env, name: 'process 1 (api)' }),
        apps.start('api', { env, name: 'process 2 (api)' }),
        apps.start('projections', { env, name: 'process 3 (projections)' }),
      ]);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      const value = (s: PromiseSettledResult<AppProcess>) => (s as PromiseFulfilledResult<AppProcess>).value;
      [api1, api2] = [value(started[0]), value(started[1])];
      a = await registerMemberAt(api1.url!);
      b = await registerMemberAt(api2.url!);
      conversationId = await conversationBetween(a, b);
    }, 90_000);

    afterAll(async () => {
      for (const s of sockets) s.close();
      try {
        const stopped = await apps.stopAll();
        const forced = stopped.filter((s) => s.killed);
        if (forced.length)
          console.warn(`killed after the grace period: ${forced.map((s) => `${s.name} (pid ${s.pid})`).join(', ')}`);
      } finally {
        await profile.cleanup(undefined);
      }
    }, 60_000);

    it('delivers a message, a notification, a typing indicator, presence, a read receipt and a sign-out from one process to the other', async () => {
      const sa = await connect(a, api1);
      const online = nextEvent<Payload>(sa, 'user_online', (p) => p.userId === b.id && p.isOnline === true);
      const sb = await connect(b, api2);
      await awaited('A (process 1) to see B come online (socket on process 2)', online);
      // Presence is shared: process 1 sees B, connected to process 2, online.
      expect((await a.agent.get(`/api/conversations/${conversationId}`).expect(200)).body.user.isOnline).toBe(true);

      const atB = nextEvent<Payload>(sb, 'new_message', (m) => m.content === 'across processes');
      const notified = nextEvent<Payload>(sb, 'notification', (n) => (n.notification as Payload).type === 'message');
      const sent = await sendMessage(a, { conversationId, content: 'across processes' }).expect(201);
      expect(await awaited('B (process 2) to get new_message sent through process 1', atB)).toMatchObject({
        id: sent.body.id,
        cursor: sent.body.id,
        senderId: a.id,
      });
      // The notification is pushed by the projections process, through Redis, to B's process.
      expect(await awaited('B (process 2) to get the message notification from process 3', notified)).toMatchObject({
        unreadCount: 1,
        notification: { actorId: a.id, targetId: conversationId, content: 'across processes' },
      });

      // A social notification takes the same path.
      const followed = nextEvent<Payload>(sb, 'notification', (n) => (n.notification as Payload).type === 'follow');
      await a.agent
        .post(`/api/users/${b.id}/follow`)
        .set('X-CSRF-Token', a.token)
        .expect((r) => expect(r.status).toBeLessThan(300));
      expect(await awaited('B (process 2) to get the follow notification', followed)).toMatchObject({ unreadCount: 2 });

      // Typing goes straight from process 1 to process 2 (no projection involved).
      const typing = nextEvent<Payload>(sb, 'user_typing');
      await emitWithAck(sa, 'typing', { conversationId, isTyping: true });
      expect(await awaited('B (process 2) to get user_typing from process 1', typing)).toEqual({
        conversationId,
        userId: a.id,
        isTyping: true,
      });

      const receipt = nextEvent<Payload>(sa, 'messages_read', (r) => r.upTo === sent.body.id);
      expect(await emitWithAck(sb, 'mark_messages_read', { conversationId })).toMatchObject({ ok: true });
      expect(await awaited('A (process 1) to get the read receipt of B (process 2)', receipt)).toMatchObject({
        readerId: b.id,
      });

      // B's browser signs out through process 1; B's socket, on process 2, gets session_ended and is
      // closed there (the push comes from process 3).
      const ended = nextEvent<Payload>(sb, 'session_ended');
      const closed = new Promise<string>((resolve) => sb.once('disconnect', resolve));
      const bAtProcess1 = sameBrowserAt(b, api1.url!);
      await bAtProcess1.agent
        .post('/api/auth/logout')
        .set('X-CSRF-Token', b.token)
        .expect((r) => expect(r.status).toBeLessThan(300));
      expect(await awaited('B (process 2) to get session_ended after signing out through process 1', ended)).toEqual({
        reason: 'logout',
      });
      expect(await awaited('B’s socket on process 2 to be closed', withTimeout(closed, 5000, 'no disconnect'))).toBe(
        'io server disconnect',
      );
      // The session is over everywhere: process 2 refuses a new socket with its cookie.
      await expect(connectSocket(api2.url!, sessionCookieAt(b))).rejects.toThrow('Not authenticated');
    }, 60_000);
  });

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}
