import { conversationBetween, sendMessage } from '@testing/chat';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { collect, emitWithAck, nextEvent, socketsFor } from '@testing/sockets';

import { describeOnProfiles } from '../../../src/testing/profiles';

type Payload = Record<string, unknown> & {
  notification?: Record<string, unknown>;
  unreadCount?: number;
  cursor?: string;
};

/** A quarter second of 8 kHz mono silence as a WAV file (a voice note the sniffer knows as audio). */
function wav(): Buffer {
  const samples = Buffer.alloc(2000);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const follow = (a: Member, b: Member) =>
  a.agent
    .post(`/api/users/${b.id}/follow`)
    .set('X-CSRF-Token', a.token)
    .expect((r) => expect(r.status).toBeLessThan(300));
const unread = async (m: Member) =>
  (await m.agent.get('/api/notifications/unread-count').expect(200)).body.unreadCount as number;
const listOf = async (m: Member) =>
  (await m.agent.get('/api/notifications').expect(200)).body.notifications as Record<string, unknown>[];

describeOnProfiles(
  'notifications over socket.io',
  (rt) => {
    const { connect } = socketsFor(rt);

    it('pushes a new notification with the unread count, after the read model shows it', async () => {
      const [amina, bilal] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const b = await connect(bilal);
      const pushed = nextEvent<Payload>(b, 'notification');
      await follow(amina, bilal);
      const push = await pushed;
      expect(push).toMatchObject({
        unreadCount: 1,
        notification: { type: 'follow', actorId: amina.id, isRead: false },
      });
      expect(typeof push.cursor).toBe('string');
      expect(await unread(bilal)).toBe(1);
      expect((await listOf(bilal)).map((n) => n.id)).toContain(push.notification!.id);
    });

    it('notifies a message, a reply and a voice message; not when the conversation is open or muted', async () => {
      const [amina, bilal] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(amina, bilal);
      const b = await connect(bilal);
      const pushes = collect<Payload>(b, 'notification');
      const first = nextEvent<Payload>(b, 'notification');
      const sent = await sendMessage(amina, { conversationId: id, content: 'Salaam, are you coming?' }).expect(201);
      expect((await first).notification).toMatchObject({
        type: 'message',
        targetId: id,
        targetType: 'conversation',
        content: 'Salaam, are you coming?',
      });
      const reply = nextEvent<Payload>(b, 'notification', (p) => p.notification?.type === 'reply');
      await sendMessage(amina, { conversationId: id, content: 'Answering myself', replyToId: sent.body.id }).expect(
        201,
      );
      await reply;
      const voice = nextEvent<Payload>(b, 'notification', (p) => p.notification?.type === 'voice_message');
      await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .attach('media', wav(), 'note.wav')
        .expect(201);
      expect((await voice).notification).toMatchObject({ targetId: id, content: '' });

      // With the conversation open in Bilal's chat view, messages arrive but notify nothing.
      expect(await emitWithAck(b, 'view_conversation', { conversationId: id })).toMatchObject({ ok: true });
      const seen = nextEvent<Payload>(b, 'new_message', (m) => m.content === 'while you look');
      await sendMessage(amina, { conversationId: id, content: 'while you look' }).expect(201);
      await seen;
      await emitWithAck(b, 'view_conversation', { conversationId: null });

      await bilal.agent
        .post(`/api/conversations/${id}/mute`)
        .set('X-CSRF-Token', bilal.token)
        .send({ muted: true })
        .expect(200);
      const mutedSeen = nextEvent<Payload>(b, 'new_message', (m) => m.content === 'muted');
      await sendMessage(amina, { conversationId: id, content: 'muted' }).expect(201);
      await mutedSeen;
      // new_message comes from another projector: a later notification shows this one has passed both.
      const later = nextEvent<Payload>(b, 'notification', (p) => p.notification?.type === 'follow');
      await follow(amina, bilal);
      await later;
      expect(pushes.map((p) => p.notification!.type)).toEqual(['message', 'reply', 'voice_message', 'follow']);
      expect((await listOf(bilal)).filter((n) => n.category === 'messages')).toHaveLength(3);
    });

    it('reading the conversation reads its notifications, and the unread count follows on the socket', async () => {
      const [amina, bilal] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(amina, bilal);
      await follow(amina, bilal);
      await sendMessage(amina, { conversationId: id, content: 'one' }).expect(201);
      await sendMessage(amina, { conversationId: id, content: 'two' }).expect(201);
      expect(await unread(bilal)).toBe(3);
      const b = await connect(bilal);
      const count = nextEvent<Payload>(b, 'unread_count');
      await bilal.agent
        .post(`/api/conversations/${id}/mark-read`)
        .set('X-CSRF-Token', bilal.token)
        .expect((r) => expect(r.status).toBeLessThan(300));
      expect(await count).toEqual({ unreadCount: 1 });
      expect(await unread(bilal)).toBe(1);
    });

    it('refuses to show a conversation the member is not part of', async () => {
      const [amina, bilal, chidi] = await Promise.all([
        registerMember(rt()),
        registerMember(rt()),
        registerMember(rt()),
      ]);
      const id = await conversationBetween(amina, bilal);
      const c = await connect(chidi);
      expect(await emitWithAck(c, 'view_conversation', { conversationId: id })).toMatchObject({
        ok: false,
        code: 'NOT_A_PARTICIPANT',
      });
      expect(await emitWithAck(c, 'view_conversation', { conversationId: 42 })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
    });

    it('after a reconnect, sync_notifications returns what arrived while the socket was down', async () => {
      const [amina, bilal, chidi] = await Promise.all([
        registerMember(rt()),
        registerMember(rt()),
        registerMember(rt()),
      ]);
      let b = await connect(bilal);
      const pushed = nextEvent<Payload>(b, 'notification');
      await follow(amina, bilal);
      const { cursor } = await pushed;
      b.close();
      // Offline: two more arrive.
      await follow(chidi, bilal);
      const id = await conversationBetween(chidi, bilal);
      await sendMessage(chidi, { conversationId: id, content: 'you missed this' }).expect(201);
      b = await connect(bilal);
      const missed = await emitWithAck(b, 'sync_notifications', { after: cursor });
      expect(missed).toMatchObject({ ok: true, unreadCount: 3, hasMore: false });
      expect((missed.notifications as Payload[]).map((n) => [n.type, (n.actor as Payload).id])).toEqual([
        ['follow', chidi.id],
        ['message', chidi.id],
      ]);
      const again = await emitWithAck(b, 'sync_notifications', { after: missed.cursor });
      expect(again).toMatchObject({ notifications: [], cursor: missed.cursor });
      expect(await emitWithAck(b, 'sync_notifications', { after: 'not-a-cursor' })).toMatchObject({
        ok: false,
        code: 'INVALID_CURSOR',
        message: 'Invalid cursor',
      });
    });
  },
  IDENTITY_TEST_ENV,
);
