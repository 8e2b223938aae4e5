import { conversationBetween, sendMessage } from '@testing/chat';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import request from 'supertest';

import type { EventStore } from '../../../src/platform/event-store/event-store.port';
import { EVENT_STORE } from '../../../src/platform/tokens';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { conversationStream, messageStream } from '../events';

const UNKNOWN = '01900000-0000-7000-8000-000000000000';

describeOnProfiles(
  'messaging API',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    let amina: Member;
    let bilal: Member;
    let chidi: Member;
    beforeAll(async () => {
      [amina, bilal, chidi] = await Promise.all([registerMember(rt()), registerMember(rt()), registerMember(rt())]);
    });

    it('starts one conversation per pair, whoever asks, and lists it with the other member', async () => {
      const id = await conversationBetween(amina, bilal);
      expect(await conversationBetween(bilal, amina)).toBe(id);
      const mine = await amina.agent.get('/api/conversations').expect(200);
      const listed = mine.body.conversations.find((c: { id: string }) => c.id === id);
      expect(listed).toMatchObject({
        id,
        user: {
          id: bilal.id,
          username: bilal.username,
          name: bilal.displayName,
          isOnline: false,
          lastSeen: null,
          isVerified: false,
        },
        unreadCount: 0,
        lastMessage: null,
        isMuted: false,
        isArchived: false,
      });
      expect(typeof listed.lastUpdated).toBe('string');
      const theirs = await bilal.agent.get(`/api/conversations/${id}`).expect(200);
      expect(theirs.body.user.id).toBe(amina.id);
    });

    it('refuses a conversation with nobody, with yourself, or without a session', async () => {
      await amina.agent
        .post('/api/conversations')
        .set('X-CSRF-Token', amina.token)
        .send({ userId: UNKNOWN })
        .expect(404);
      const self = await amina.agent
        .post('/api/conversations')
        .set('X-CSRF-Token', amina.token)
        .send({ userId: amina.id })
        .expect(422);
      expect(self.body).toEqual({
        error: 'Unprocessable Entity',
        message: 'You cannot message yourself',
        code: 'SELF_CONVERSATION',
      });
      const bad = await amina.agent.post('/api/conversations').set('X-CSRF-Token', amina.token).send({}).expect(400);
      expect(bad.body).toMatchObject({ message: 'userId is required', code: 'VALIDATION_FAILED' });
      await request(server()).get('/api/conversations').expect(401);
    });

    it('sends, quotes a reply, counts unread and reads, with states sent → read', async () => {
      const id = await conversationBetween(amina, chidi);
      const first = await sendMessage(amina, { conversationId: id, content: '  Assalamu alaikum  ' }).expect(201);
      expect(first.body).toMatchObject({
        conversationId: id,
        senderId: amina.id,
        receiverId: chidi.id,
        content: 'Assalamu alaikum',
        messageType: 'text',
        replyToId: null,
        replyTo: null,
        sender: { id: amina.id, name: amina.displayName },
        isRead: false,
        isDelivered: false,
        isStarred: false,
      });
      // To a member rather than a conversation: the pair's conversation.
      const reply = await sendMessage(chidi, {
        receiverId: amina.id,
        content: 'Wa alaikum salaam',
        replyToId: first.body.id,
      }).expect(201);
      expect(reply.body).toMatchObject({
        conversationId: id,
        replyTo: { id: first.body.id, content: 'Assalamu alaikum', sender: { id: amina.id } },
      });

      const list = await chidi.agent.get('/api/conversations').expect(200);
      expect(list.body.conversations[0]).toMatchObject({
        id,
        unreadCount: 1,
        lastMessage: { messageType: 'text', content: 'Wa alaikum salaam' },
      });
      expect((await amina.agent.get(`/api/conversations/${id}`).expect(200)).body.unreadCount).toBe(1);

      const read = await chidi.agent
        .post(`/api/conversations/${id}/mark-read`)
        .set('X-CSRF-Token', chidi.token)
        .expect(200);
      expect(read.body).toEqual({ success: true, conversationId: id, readUpTo: first.body.id });
      expect((await chidi.agent.get(`/api/conversations/${id}`).expect(200)).body.unreadCount).toBe(0);
      const page = await amina.agent.get(`/api/conversations/${id}/messages`).expect(200);
      expect(page.body.messages.map((m: { id: string }) => m.id)).toEqual([first.body.id, reply.body.id]);
      // Asked again (answered from the read models' cache), the same page in the same order.
      const again = await amina.agent.get(`/api/conversations/${id}/messages`).expect(200);
      expect(again.body.messages.map((m: { id: string }) => m.id)).toEqual([first.body.id, reply.body.id]);
      expect(page.body.messages[0]).toMatchObject({ isRead: true, isDelivered: true });
      expect(page.body.messages[1]).toMatchObject({ isRead: false });
      // Marks go to the marked message's stream: reading never lengthens the conversation's.
      await amina.agent.post(`/api/conversations/${id}/mark-read`).set('X-CSRF-Token', amina.token).expect(200);
      await amina.agent.post(`/api/conversations/${id}/mark-read`).set('X-CSRF-Token', amina.token).expect(200);
      const store = rt().http!.get<symbol, EventStore>(EVENT_STORE);
      expect((await store.readStream(conversationStream(id))).map((e) => e.type)).toEqual(['ConversationStarted']);
      expect((await store.readStream(messageStream(reply.body.id))).map((e) => e.type)).toEqual([
        'MessageSent',
        'MessagesRead',
      ]);
      expect((await amina.agent.get(`/api/conversations/${id}/messages`).expect(200)).body.messages[1]).toMatchObject({
        isRead: true,
      });
    });

    it('pages messages oldest-to-newest within a page, backwards with before, forwards with after', async () => {
      const [x, y] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(x, y);
      const sent: string[] = [];
      for (let i = 0; i < 5; i++)
        sent.push((await sendMessage(i % 2 ? y : x, { conversationId: id, content: `m${i}` }).expect(201)).body.id);
      const newest = await x.agent.get(`/api/conversations/${id}/messages?limit=2`).expect(200);
      expect(newest.body.messages.map((m: { content: string }) => m.content)).toEqual(['m3', 'm4']);
      expect(newest.body.hasMore).toBe(true);
      const older = await x.agent
        .get(`/api/conversations/${id}/messages?limit=2&before=${newest.body.nextCursor}`)
        .expect(200);
      expect(older.body.messages.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2']);
      const oldest = await x.agent
        .get(`/api/conversations/${id}/messages?limit=2&before=${older.body.nextCursor}`)
        .expect(200);
      expect(oldest.body).toMatchObject({ hasMore: false, nextCursor: null });
      expect(oldest.body.messages.map((m: { content: string }) => m.content)).toEqual(['m0']);
      const missed = await y.agent.get(`/api/conversations/${id}/messages?after=${sent[1]}`).expect(200);
      expect(missed.body.messages.map((m: { id: string }) => m.id)).toEqual(sent.slice(2));
      expect(missed.body.nextCursor).toBe(sent[4]);
      await x.agent.get(`/api/conversations/${id}/messages?after=not-a-cursor`).expect(400);
    });

    it.each([
      ['blank content', { content: '   ' }, 'Message content cannot be empty'],
      ['no content', {}, 'Message content cannot be empty'],
      ['5,001 characters', { content: 'x'.repeat(5001) }, 'Message must be 5000 characters or less'],
      ['an unknown type', { content: 'hi', messageType: 'sticker' }, 'messageType must be text, image, video or audio'],
    ])('rejects %s with "%s"', async (_, body, message) => {
      const id = await conversationBetween(amina, bilal);
      const res = await sendMessage(amina, { conversationId: id, ...body }).expect(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', message, code: 'VALIDATION_FAILED' });
    });

    it('lets only the two participants read or write: 403 for others, 404 for unknown ids', async () => {
      const id = await conversationBetween(amina, bilal);
      const msg = (await sendMessage(amina, { conversationId: id, content: 'private' }).expect(201)).body;
      const forbidden = await chidi.agent.get(`/api/conversations/${id}`).expect(403);
      expect(forbidden.body).toEqual({
        error: 'Forbidden',
        message: 'You are not part of this conversation',
        code: 'NOT_A_PARTICIPANT',
      });
      await chidi.agent.get(`/api/conversations/${id}/messages`).expect(403);
      await sendMessage(chidi, { conversationId: id, content: 'let me in' }).expect(403);
      await chidi.agent.post(`/api/conversations/${id}/mark-read`).set('X-CSRF-Token', chidi.token).expect(403);
      await chidi.agent
        .post(`/api/conversations/${id}/mute`)
        .set('X-CSRF-Token', chidi.token)
        .send({ muted: true })
        .expect(403);
      await chidi.agent
        .post(`/api/messages/${msg.id}/star`)
        .set('X-CSRF-Token', chidi.token)
        .send({ starred: true })
        .expect(403);
      // A reply can only quote a message of the same conversation.
      const other = await conversationBetween(chidi, amina);
      await sendMessage(amina, { conversationId: other, content: 'leak', replyToId: msg.id }).expect(400);
      for (const path of [
        `/api/conversations/${UNKNOWN}`,
        `/api/conversations/${UNKNOWN}/messages`,
        '/api/conversations/nope',
      ]) {
        expect((await amina.agent.get(path).expect(404)).body.code).toBe('CONVERSATION_NOT_FOUND');
      }
      await sendMessage(amina, { conversationId: UNKNOWN, content: 'hello?' }).expect(404);
      await request(server()).get(`/api/conversations/${id}/messages`).expect(401);
    });

    it('mutes, archives and stars for the member who asks only', async () => {
      const id = await conversationBetween(amina, bilal);
      const msg = (await sendMessage(bilal, { conversationId: id, content: 'star me' }).expect(201)).body;
      const muted = await amina.agent
        .post(`/api/conversations/${id}/mute`)
        .set('X-CSRF-Token', amina.token)
        .send({ muted: true })
        .expect(200);
      expect(muted.body).toMatchObject({ isMuted: true, isArchived: false });
      const archived = await amina.agent
        .post(`/api/conversations/${id}/archive`)
        .set('X-CSRF-Token', amina.token)
        .send({ archived: true })
        .expect(200);
      expect(archived.body).toMatchObject({ isMuted: true, isArchived: true });
      expect((await bilal.agent.get(`/api/conversations/${id}`).expect(200)).body).toMatchObject({
        isMuted: false,
        isArchived: false,
      });
      await amina.agent
        .post(`/api/conversations/${id}/mute`)
        .set('X-CSRF-Token', amina.token)
        .send({ muted: 'yes' })
        .expect(400);
      const starred = await amina.agent
        .post(`/api/messages/${msg.id}/star`)
        .set('X-CSRF-Token', amina.token)
        .send({ starred: true })
        .expect(200);
      expect(starred.body).toMatchObject({ id: msg.id, isStarred: true });
      const page = await bilal.agent.get(`/api/conversations/${id}/messages?after=`).expect(200);
      expect(page.body.messages.find((m: { id: string }) => m.id === msg.id).isStarred).toBe(false);
    });

    it('stops new messages both ways once either member blocks the other', async () => {
      const [x, y] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(x, y);
      await y.agent.post(`/api/users/${x.id}/block`).set('X-CSRF-Token', y.token).expect(200);
      for (const [from, to] of [
        [x, y],
        [y, x],
      ]) {
        const res = await sendMessage(from!, { conversationId: id, content: 'hello' }).expect(403);
        expect(res.body).toEqual({ error: 'Forbidden', message: 'You cannot message this user', code: 'BLOCKED' });
        await from!.agent
          .post('/api/conversations')
          .set('X-CSRF-Token', from!.token)
          .send({ userId: to!.id })
          .expect(403);
      }
      await y.agent.delete(`/api/users/${x.id}/block`).set('X-CSRF-Token', y.token).expect(200);
      await sendMessage(x, { conversationId: id, content: 'hello again' }).expect(201);
    });

    it('limits how fast a member sends: 30 messages in 10 s, then 429 with Retry-After and nothing stored', async () => {
      const [x, y] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(x, y);
      for (let i = 0; i < 30; i++) await sendMessage(x, { conversationId: id, content: `burst ${i}` }).expect(201);
      const refused = await sendMessage(x, { conversationId: id, content: 'one too many' }).expect(429);
      expect(refused.body).toMatchObject({ error: 'Too Many Requests', code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const page = await y.agent.get(`/api/conversations/${id}/messages?limit=100`).expect(200);
      expect(page.body.messages).toHaveLength(30);
      expect(page.body.messages.at(-1).content).toBe('burst 29');
      // The other member's allowance is their own.
      await sendMessage(y, { conversationId: id, content: 'my turn' }).expect(201);
    });

    it('starts no conversation with a first message it refuses', async () => {
      const [x, y] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const other = await conversationBetween(x, amina);
      const quoted = (await sendMessage(x, { conversationId: other, content: 'elsewhere' }).expect(201)).body.id;
      await sendMessage(x, { receiverId: y.id, messageType: 'image', content: '' }).expect(400);
      await sendMessage(x, { receiverId: y.id, content: 'hi', replyToId: quoted }).expect(400);
      await sendMessage(x, { receiverId: y.id, content: 'x'.repeat(5001) }).expect(400);
      await sendMessage(x, { receiverId: x.id, content: 'me?' }).expect(422);
      await sendMessage(x, { receiverId: UNKNOWN, content: 'anyone?' }).expect(404);
      const listed = async (m: Member) =>
        (await m.agent.get('/api/conversations').expect(200)).body.conversations.map(
          (c: { user: { id: string } }) => c.user.id,
        );
      expect(await listed(x)).toEqual([amina.id]);
      expect(await listed(y)).toEqual([]);
      const sent = await sendMessage(x, { receiverId: y.id, content: 'Salaam' }).expect(201);
      expect(await listed(y)).toEqual([x.id]);
      expect(
        (await y.agent.get(`/api/conversations/${sent.body.conversationId}`).expect(200)).body.lastMessage,
      ).toMatchObject({ content: 'Salaam' });
    });

    it('keeps one conversation when two members send each other a first message at once', async () => {
      const [x, y] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const [a, b] = await Promise.all([
        sendMessage(x, { receiverId: y.id, content: 'from x' }).expect(201),
        sendMessage(y, { receiverId: x.id, content: 'from y' }).expect(201),
      ]);
      expect(a.body.conversationId).toBe(b.body.conversationId);
      const store = rt().http!.get<symbol, EventStore>(EVENT_STORE);
      const started = await store.readStream(conversationStream(a.body.conversationId));
      expect(started.map((e) => e.type)).toEqual(['ConversationStarted']);
      // The start that lost the race was appended unread, refused by the stream, then read and found done.
      const page = await x.agent.get(`/api/conversations/${a.body.conversationId}/messages`).expect(200);
      expect(page.body.messages.map((m: { content: string }) => m.content).sort()).toEqual(['from x', 'from y']);
    });

    it('hides a blocked member from the New Message search and their presence from the conversation', async () => {
      const [x, y] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      const id = await conversationBetween(x, y);
      const found = async () =>
        (await x.agent.get(`/api/users/search?q=${encodeURIComponent(y.username)}`).expect(200)).body.users.map(
          (u: { id: string }) => u.id,
        );
      expect(await found()).toEqual([y.id]);
      await y.agent.post(`/api/users/${x.id}/block`).set('X-CSRF-Token', y.token).expect(200);
      expect(await found()).toEqual([]);
      const seen = await x.agent.get(`/api/conversations/${id}`).expect(200);
      expect(seen.body.user).toMatchObject({ id: y.id, isOnline: false, lastSeen: null });
      await y.agent.delete(`/api/users/${x.id}/block`).set('X-CSRF-Token', y.token).expect(200);
      expect(await found()).toEqual([y.id]);
    });

    it('searches members from 3 characters, by username or name, never yourself', async () => {
      const short = await amina.agent.get('/api/users/search?q=am').expect(400);
      expect(short.body).toEqual({
        error: 'Bad Request',
        message: 'Search query must be at least 3 characters',
        code: 'QUERY_TOO_SHORT',
      });
      const byName = await amina.agent.get(`/api/users/search?q=${encodeURIComponent(bilal.username)}`).expect(200);
      expect(byName.body.users).toEqual([
        expect.objectContaining({ id: bilal.id, username: bilal.username, name: bilal.displayName }),
      ]);
      const self = await amina.agent.get(`/api/users/search?q=${encodeURIComponent(amina.username)}`).expect(200);
      expect(self.body.users).toEqual([]);
      await request(server()).get('/api/users/search?q=amina').expect(401);
      // A repeated name is read once (the first), never as a list.
      const twice = await amina.agent.get(`/api/users/search?q=${encodeURIComponent(bilal.username)}&q=zz`).expect(200);
      expect(twice.body.users.map((u: { id: string }) => u.id)).toEqual([bilal.id]);
    });
  },
  IDENTITY_TEST_ENV,
);
