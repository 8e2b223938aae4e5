import type { ProjectionProgress } from '@platform/read-models';
import { MESSAGING_PROJECTOR } from '@projections/messaging';
import { conversationBetween, sendMessage, sessionCookieOf } from '@testing/chat';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { collect, connectSocket, emitWithAck, nextEvent, socketsFor } from '@testing/sockets';

import type { EventStore } from '../../../src/platform/event-store/event-store.port';
import { newId } from '../../../src/platform/ids';
import { EVENT_STORE, PROJECTION_PROGRESS } from '../../../src/platform/tokens';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { messageStream } from '../events';
import { ConversationsQueries } from '../queries/conversations.queries';

type Payload = Record<string, unknown>;

describeOnProfiles(
  'messaging over socket.io',
  (rt) => {
    let amina: Member;
    let bilal: Member;
    let conversationId: string;
    const sockets = socketsFor(rt);
    const connect = sockets.connect;

    beforeAll(async () => {
      [amina, bilal] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      conversationId = await conversationBetween(amina, bilal);
    });

    it('refuses a connection without a session, or with one that does not exist', async () => {
      await expect(connectSocket(sockets.url())).rejects.toThrow('Not authenticated');
      await expect(connectSocket(sockets.url(), 'dc.sid=forged-value')).rejects.toThrow('Not authenticated');
    });

    it("refuses a browser's handshake from another site, even with the member's cookie", async () => {
      const cookie = sessionCookieOf(rt(), amina);
      for (const transport of ['websocket', 'polling'] as const) {
        await expect(connectSocket(sockets.url(), cookie, transport, 'https://evil.example')).rejects.toThrow();
      }
      const own = await connectSocket(sockets.url(), cookie, 'websocket', sockets.url());
      sockets.track(own);
      expect(own.connected).toBe(true);
    });

    it('pushes new_message to the recipient (and the sender) once the read model shows it', async () => {
      const [a, b] = await Promise.all([connect(amina), connect(bilal)]);
      const atB = nextEvent<Payload>(b, 'new_message', (m) => m.content === 'over the socket?');
      const atA = nextEvent<Payload>(a, 'new_message', (m) => m.content === 'over the socket?');
      const sent = await sendMessage(amina, { conversationId, content: 'over the socket?' }).expect(201);
      const pushed = await atB;
      expect(pushed).toMatchObject({
        id: sent.body.id,
        cursor: sent.body.id,
        conversationId,
        senderId: amina.id,
        receiverId: bilal.id,
      });
      expect((await atA).id).toBe(sent.body.id);
      // A client that refetches on the push finds the message there.
      const page = await bilal.agent.get(`/api/conversations/${conversationId}/messages`).expect(200);
      expect(page.body.messages.map((m: Payload) => m.id)).toContain(sent.body.id);
    });

    it('sends with send_message, marks it delivered to a connected recipient, and acknowledges', async () => {
      const [a, b] = await Promise.all([connect(amina), connect(bilal)]);
      const atB = nextEvent<Payload>(b, 'new_message', (m) => m.content === 'via socket');
      const ack = await emitWithAck(a, 'send_message', { conversationId, content: 'via socket' });
      expect(ack).toMatchObject({
        ok: true,
        message: { content: 'via socket', senderId: amina.id, isDelivered: true },
      });
      expect((await atB).id).toBe((ack.message as Payload).id);
    });

    it('works over long-polling, the fallback when websockets are unavailable', async () => {
      const b = await connectSocket(sockets.url(), sessionCookieOf(rt(), bilal), 'polling');
      sockets.track(b);
      expect(b.io.engine.transport.name).toBe('polling');
      const atB = nextEvent<Payload>(b, 'new_message', (m) => m.content === 'by polling');
      await sendMessage(amina, { conversationId, content: 'by polling' }).expect(201);
      await atB;
      // Client events travel as polling POSTs, which the CSRF check of /api does not concern.
      expect(await emitWithAck(b, 'typing', { conversationId, isTyping: true })).toEqual({ ok: true });
    });

    it('relays typing to the other member only', async () => {
      const [a, b] = await Promise.all([connect(amina), connect(bilal)]);
      const ownEcho = collect(a, 'user_typing');
      const atB = nextEvent<Payload>(b, 'user_typing');
      expect(await emitWithAck(a, 'typing', { conversationId, userId: amina.id, isTyping: true })).toEqual({
        ok: true,
      });
      expect(await atB).toEqual({ conversationId, userId: amina.id, isTyping: true });
      expect(ownEcho).toEqual([]);
    });

    it('sends read receipts: mark_messages_read reaches the sender as messages_read', async () => {
      const [a, b] = await Promise.all([connect(amina), connect(bilal)]);
      const sent = await sendMessage(amina, { conversationId, content: 'read me' }).expect(201);
      const receipt = nextEvent<Payload>(a, 'messages_read', (r) => r.upTo === sent.body.id);
      const ack = await emitWithAck(b, 'mark_messages_read', { conversationId, userId: bilal.id });
      expect(ack).toEqual({ ok: true, readUpTo: sent.body.id });
      expect(await receipt).toMatchObject({
        conversationId,
        readerId: bilal.id,
        upTo: sent.body.id,
        id: expect.any(String),
      });
      const conv = await bilal.agent.get(`/api/conversations/${conversationId}`).expect(200);
      expect(conv.body.unreadCount).toBe(0);
    });

    it('answers a bad payload with an error event and keeps the socket working', async () => {
      const [a, b] = await Promise.all([connect(amina), connect(bilal)]);
      const errors = collect<Payload>(a, 'error');
      expect(await emitWithAck(a, 'send_message', { conversationId, content: '   ' })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
        message: 'Message content cannot be empty',
      });
      expect(await emitWithAck(a, 'typing', 'not an object')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(await emitWithAck(a, 'join', bilal.id)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(
        await emitWithAck(a, 'typing', { conversationId: '01900000-0000-7000-8000-000000000000', isTyping: true }),
      ).toMatchObject({ ok: false, code: 'CONVERSATION_NOT_FOUND' });
      a.emit('no_such_event', { x: 1 });
      a.emit('send_message');
      await nextEvent(a, 'error', (e) => e.event === 'send_message');
      expect(errors.map((e) => [e.event, e.code])).toEqual([
        ['send_message', 'VALIDATION_FAILED'],
        ['typing', 'VALIDATION_FAILED'],
        ['join', 'FORBIDDEN'],
        ['typing', 'CONVERSATION_NOT_FOUND'],
        ['no_such_event', 'UNKNOWN_EVENT'],
        ['send_message', 'VALIDATION_FAILED'],
      ]);
      expect(errors[0]).toMatchObject({ error: 'Bad Request' });
      expect(await emitWithAck(a, 'join', { userId: amina.id })).toEqual({ ok: true, userId: amina.id });
      const atB = nextEvent<Payload>(b, 'new_message', (m) => m.content === 'still alive');
      await emitWithAck(a, 'send_message', { conversationId, content: 'still alive' });
      await atB;
    });

    it('rate limits typing per socket', async () => {
      const a = await connect(amina);
      const answers: Payload[] = [];
      for (let i = 0; i < 21; i++)
        answers.push(await emitWithAck(a, 'typing', { conversationId, isTyping: i % 2 === 0 }));
      expect(answers.slice(0, 20).every((x) => x.ok === true)).toBe(true);
      expect(answers[20]).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      // Another socket of the same member has its own allowance.
      const again = await connect(amina);
      expect(await emitWithAck(again, 'typing', { conversationId, isTyping: false })).toEqual({ ok: true });
    });

    it('rate limits send_message per socket and per member (with POST /api/messages); a refused message is not stored', async () => {
      const [x, y] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(x, y);
      const send = (socket: Awaited<ReturnType<typeof connect>>, content: string) =>
        emitWithAck(socket, 'send_message', { conversationId: id, content });
      const a = await connect(x);
      const answers: Payload[] = [];
      for (let i = 0; i < 21; i++) answers.push(await send(a, `burst ${i}`));
      expect(answers.slice(0, 20).every((m) => m.ok === true)).toBe(true);
      expect(answers[20]).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: expect.any(String) });
      // Another socket has an allowance of its own, but the member's (30 per 10 s) is shared.
      const b = await connect(x);
      for (let i = 21; i < 31; i++) expect(await send(b, `burst ${i}`)).toMatchObject({ ok: true });
      expect(await send(b, 'one too many')).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      await sendMessage(x, { conversationId: id, content: 'over HTTP' }).expect(429);
      const page = await y.agent.get(`/api/conversations/${id}/messages?limit=100`).expect(200);
      expect(page.body.messages.map((m: Payload) => m.content)).toEqual([
        ...Array.from({ length: 20 }, (_, i) => `burst ${i}`),
        ...Array.from({ length: 10 }, (_, i) => `burst ${21 + i}`),
      ]);
    });

    it('catches up and reads by the log, not the id: a message that commits after a later id is neither skipped nor left unread', async () => {
      const [x, y] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(x, y);
      // The slow one (an image being stored, say) got its id first, the quick one commits first.
      const slowId = newId(Date.now() - 1000);
      const b = await connect(y);
      const quickPush = nextEvent<Payload>(b, 'new_message', (m) => m.content === 'quick');
      const quick = (await sendMessage(x, { conversationId: id, content: 'quick' }).expect(201)).body;
      const cursor = (await quickPush).cursor as string;
      expect(await emitWithAck(b, 'mark_messages_read', { conversationId: id })).toEqual({
        ok: true,
        readUpTo: quick.id,
      });
      b.close();
      const app = rt().http!;
      const appended = await app.get<symbol, EventStore>(EVENT_STORE).appendToStream(
        messageStream(slowId),
        [
          {
            type: 'MessageSent',
            data: {
              messageId: slowId,
              conversationId: id,
              senderId: x.id,
              receiverId: y.id,
              content: 'slow',
              messageType: 'text',
              replyToId: null,
              mediaId: null,
              recipientViewing: false,
              sentAt: new Date().toISOString(),
            },
          },
        ],
        'no_stream',
      );
      expect(
        await app
          .get<symbol, ProjectionProgress>(PROJECTION_PROGRESS)
          .waitFor(appended.checkpoint, [MESSAGING_PROJECTOR], 10_000),
      ).toBe(true);
      expect(slowId < quick.id).toBe(true);

      const back = await connect(y);
      const sync = await emitWithAck(back, 'sync', { after: cursor });
      expect((sync.messages as Payload[]).map((m) => m.id)).toEqual([slowId]);
      const after = await y.agent.get(`/api/conversations/${id}/messages?after=${cursor}`).expect(200);
      expect(after.body.messages.map((m: Payload) => m.id)).toEqual([slowId]);
      // The conversation shows them in the order they were sent (by id): the slow one first.
      const page = await y.agent.get(`/api/conversations/${id}/messages`).expect(200);
      expect(page.body.messages.map((m: Payload) => m.content)).toEqual(['slow', 'quick']);

      // Read before the slow one arrived, the quick one no longer ends what there is to read.
      expect((await y.agent.get(`/api/conversations/${id}`).expect(200)).body.unreadCount).toBe(1);
      const read = await emitWithAck(back, 'mark_messages_read', { conversationId: id });
      expect(read).toEqual({ ok: true, readUpTo: slowId });
      expect((await y.agent.get(`/api/conversations/${id}`).expect(200)).body.unreadCount).toBe(0);
      const seen = await x.agent.get(`/api/conversations/${id}/messages`).expect(200);
      expect(seen.body.messages.map((m: Payload) => m.isRead)).toEqual([true, true]);
      // Somebody else's message id is no cursor of yours.
      const [z, w] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const foreign = (
        await sendMessage(z, { conversationId: await conversationBetween(z, w), content: 'not yours' }).expect(201)
      ).body.id;
      expect(await emitWithAck(back, 'sync', { after: foreign })).toMatchObject({ ok: false, code: 'INVALID_CURSOR' });
    });

    it('pages a catch-up through what the member sent and received, in order, in every conversation', async () => {
      const [x, y, z] = await Promise.all([registerMember(rt()), registerMember(rt()), registerMember(rt())]);
      const [xy, zx] = await Promise.all([conversationBetween(x, y), conversationBetween(z, x)]);
      const start = (await sendMessage(y, { conversationId: xy, content: 'start' }).expect(201)).body.id;
      const sent: string[] = [];
      for (const [from, id, content] of [
        [x, xy, 'x1'],
        [y, xy, 'y1'],
        [z, zx, 'z1'],
        [x, zx, 'x2'],
        [y, xy, 'y2'],
        [z, zx, 'z2'],
        [x, xy, 'x3'],
      ] as const) {
        sent.push((await sendMessage(from, { conversationId: id, content }).expect(201)).body.content);
      }
      const query = rt().http!.get(ConversationsQueries);
      const seen: string[] = [];
      let cursor = start;
      for (let pages = 1; ; pages++) {
        const page = await query.messagesSince(x.id, cursor, 2);
        seen.push(...page.messages.map((m) => m.content as string));
        cursor = page.cursor;
        if (!page.hasMore) break;
        expect(pages).toBeLessThan(10);
      }
      expect(seen).toEqual(sent);
      expect((await query.messagesSince(x.id, cursor, 2)).messages).toEqual([]);
    });

    it('tells conversation partners when a member comes online and goes offline; the list shows it', async () => {
      const a = await connect(amina);
      const online = nextEvent<Payload>(a, 'user_online', (p) => p.userId === bilal.id && p.isOnline === true);
      const b = await connect(bilal);
      expect(await online).toMatchObject({ userId: bilal.id, isOnline: true, lastSeen: null });
      expect((await amina.agent.get(`/api/conversations/${conversationId}`).expect(200)).body.user).toMatchObject({
        isOnline: true,
      });
      const offline = nextEvent<Payload>(a, 'user_online', (p) => p.userId === bilal.id && p.isOnline === false);
      b.close();
      const gone = await offline;
      expect(typeof gone.lastSeen).toBe('string');
      const listed = (await amina.agent.get(`/api/conversations/${conversationId}`).expect(200)).body.user;
      expect(listed).toMatchObject({ isOnline: false, lastSeen: gone.lastSeen });
    });

    it('keeps typing, presence and delivery receipts from crossing a block, either way', async () => {
      const [x, y, z] = await Promise.all([registerMember(rt()), registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(x, y);
      await conversationBetween(z, y);
      const waiting = (await sendMessage(x, { conversationId: id, content: 'sent while y was away' }).expect(201)).body;
      expect(waiting.isDelivered).toBe(false);
      await y.agent.post(`/api/users/${x.id}/block`).set('X-CSRF-Token', y.token).expect(200);
      const a = await connect(x);
      const typingAtY = collect(a, 'user_typing');
      const presenceAtX = collect<Payload>(a, 'user_online');
      const receiptsAtX = collect<Payload>(a, 'messages_delivered');
      // y's other partner hears y come online: x would have heard it by then too.
      const zHears = nextEvent<Payload>(await connect(z), 'user_online', (p) => p.userId === y.id);
      const b = await connect(y);
      await zHears;
      const typedAtY = collect(b, 'user_typing');
      for (const [socket, from] of [
        [a, x],
        [b, y],
      ] as const) {
        expect(
          await emitWithAck(socket, 'typing', { conversationId: id, userId: from.id, isTyping: true }),
        ).toMatchObject({ ok: false, code: 'BLOCKED' });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(presenceAtX.filter((p) => p.userId === y.id)).toEqual([]);
      expect(receiptsAtX).toEqual([]);
      expect([...typingAtY, ...typedAtY]).toEqual([]);
      await y.agent.delete(`/api/users/${x.id}/block`).set('X-CSRF-Token', y.token).expect(200);
      const typing = nextEvent<Payload>(b, 'user_typing');
      expect(await emitWithAck(a, 'typing', { conversationId: id, isTyping: true })).toEqual({ ok: true });
      expect(await typing).toMatchObject({ userId: x.id, isTyping: true });
      // Held, not lost: once the block is lifted, y's next connection delivers it.
      const delivered = nextEvent<Payload>(a, 'messages_delivered', (r) => r.upTo === waiting.id);
      const wentOffline = nextEvent<Payload>(a, 'user_online', (p) => p.userId === y.id && p.isOnline === false);
      b.close();
      await wentOffline;
      await connect(y);
      expect(await delivered).toMatchObject({ conversationId: id, userId: y.id });
    });

    it('catches up after a reconnect: sync returns what was missed, and it is then delivered', async () => {
      const b = await connect(bilal);
      const pushed = nextEvent<Payload>(b, 'new_message', (m) => m.content === 'before the drop');
      const seen = await sendMessage(amina, { conversationId, content: 'before the drop' }).expect(201);
      // The client keeps the cursor of the last push it got, and resumes from it.
      const cursor = (await pushed).cursor as string;
      expect(cursor).toBe(seen.body.id);
      b.close();
      const missed: Payload[] = [];
      for (const content of ['while away 1', 'while away 2'])
        missed.push((await sendMessage(amina, { conversationId, content }).expect(201)).body);
      expect(missed.every((m) => m.isDelivered === false)).toBe(true);
      const a = await connect(amina);
      const delivered = nextEvent<Payload>(a, 'messages_delivered', (r) => r.upTo === missed[1]!.id);
      const back = await connect(bilal);
      const sync = await emitWithAck(back, 'sync', { after: cursor });
      expect(sync).toMatchObject({ ok: true, hasMore: false, cursor: missed[1]!.id });
      expect((sync.messages as Payload[]).map((m) => m.content)).toEqual(['while away 1', 'while away 2']);
      expect(await delivered).toMatchObject({ conversationId, userId: bilal.id });
      const page = await amina.agent
        .get(`/api/conversations/${conversationId}/messages?after=${seen.body.id}`)
        .expect(200);
      expect(page.body.messages.map((m: Payload) => m.isDelivered)).toEqual([true, true]);
      expect((await emitWithAck(back, 'sync', { after: 'garbage' })).code).toBe('INVALID_CURSOR');
    });
  },
  IDENTITY_TEST_ENV,
);
