import type { NewEvent } from '@platform/event-store/event-store.port';
import type { Doc } from '@platform/read-store/read-store.port';
import { buildProjectors, type ProjectorDeps } from '@projections/index';

import { type GivenEvent, inStream, projectionSpec, projectorDeps } from '../runner/testing/projection-spec';

/** The read model's collection (a stored name: renaming it is a migration, not a refactor). */
const NOTIFICATIONS = 'notifications';
interface Notification extends Doc {
  userId: string;
  actorId: string;
  type: string;
  category: string;
  targetId: string | null;
  targetType: string | null;
  content: string;
  isRead: boolean;
}

const A = '0190d7c4-0000-7000-8000-00000000000a';
const B = '0190d7c4-0000-7000-8000-00000000000b';
const C = '0190d7c4-0000-7000-8000-00000000000c';
const P = '0190d7c4-0000-7000-8000-0000000000f1';
const Q = '0190d7c4-0000-7000-8000-0000000000f2';
const CONV = '0190d7c4-0000-7000-8000-0000000000c1';
const AT = '2026-01-01T00:00:00.000Z';

const notifications = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'notifications')!;
const spec = () => projectionSpec(notifications, projectorDeps);

const registered = (userId: string, username: string) =>
  inStream(`user-${userId}`, {
    type: 'UserRegistered',
    data: { userId, username, role: 'member', sealed: 'x', registeredAt: AT },
  });
const members = [...registered(A, 'Amina'), ...registered(B, 'bilal'), ...registered(C, 'chadia')];
const post = (postId: string, userId: string, over: Record<string, unknown> = {}) =>
  inStream(`post-${postId}`, {
    type: 'PostCreated',
    data: {
      postId,
      userId,
      type: 'text',
      content: `post ${postId}`,
      hashtags: [],
      mentions: [],
      poll: null,
      quotedPostId: null,
      imageCaptions: [],
      limited: false,
      createdAt: AT,
      ...over,
    },
  });
const onPost = (postId: string, type: string, data: Record<string, unknown>) =>
  inStream(`post-${postId}`, { type, data: { postId, at: AT, ...data } });
const comment = (commentId: string, postId: string, userId: string, over: Record<string, unknown> = {}) =>
  inStream(`comment-${commentId}`, {
    type: 'CommentAdded',
    data: {
      commentId,
      postId,
      userId,
      content: 'JazakAllah',
      hashtags: [],
      mentions: [],
      limited: false,
      createdAt: AT,
      ...over,
    },
  });
const relationship = (type: string, data: Record<string, unknown>) =>
  inStream(`relationship-${A}-${B}`, { type, data: { at: AT, ...data } });
const message = (
  messageId: string,
  senderId: string,
  receiverId: string,
  over: Record<string, unknown> = {},
): GivenEvent[] =>
  inStream(`message-${messageId}`, {
    type: 'MessageSent',
    data: {
      messageId,
      conversationId: CONV,
      senderId,
      receiverId,
      content: 'Salaam',
      messageType: 'text',
      replyToId: null,
      mediaId: null,
      recipientViewing: false,
      sentAt: AT,
      ...over,
    },
  });
const conversation = (type: string, data: Record<string, unknown>) =>
  inStream(`conversation-${CONV}`, { type, data: { conversationId: CONV, ...data } });
const inbox = (userId: string, ...events: NewEvent[]) => inStream(`inbox-${userId}`, ...events);
const ids = (docs: Notification[]) => docs.map((n) => n.id).sort();

/** Each member's kept unread count (`notify_unread`) against their unread notifications, counted. */
async function unreadCounts(docs: <T extends Doc>(name: string) => Promise<T[]>) {
  const counted: Record<string, number> = {};
  for (const n of await docs<Notification>(NOTIFICATIONS))
    if (!n.isRead) counted[n.userId] = (counted[n.userId] ?? 0) + 1;
  const kept: Record<string, number> = {};
  // A member whose count went back to 0 keeps a document saying so.
  for (const c of await docs<Doc & { count: number }>('notify_unread')) if (c.count !== 0) kept[c.id] = c.count;
  return { kept, counted };
}

describe('notifications projector', () => {
  it("tells a post's author of likes and reposts with the post's text, pushes them after commit, and takes them back", async () => {
    await spec()
      .given(members)
      .given(post(P, A))
      .given(onPost(P, 'PostLiked', { userId: B }))
      .given(onPost(P, 'PostReposted', { userId: C }))
      .given(onPost(P, 'PostLiked', { userId: A }))
      .then(async ({ docs, deps }) => {
        const all = await docs<Notification>(NOTIFICATIONS);
        expect(ids(all)).toEqual([`like:${P}:${B}`, `repost:${P}:${C}`]);
        expect(all.find((n) => n.type === 'like')).toMatchObject({
          userId: A,
          actorId: B,
          category: 'social',
          targetId: P,
          targetType: 'post',
          content: `post ${P}`,
          isRead: false,
          createdAt: AT,
        });
        expect(deps.pushes.map((p) => [p.event, p.rooms])).toEqual([
          ['notification', [`user:${A}`]],
          ['notification', [`user:${A}`]],
        ]);
        // Both pushes went out with the batch: each carries the unread count after it.
        expect(deps.pushes.map((p) => ('unreadCount' in p.payload ? p.payload.unreadCount : null))).toEqual([2, 2]);
        expect(deps.pushes[0]!.payload).toMatchObject({
          notification: { id: `like:${P}:${B}`, type: 'like', actorId: B },
        });
      });
    await spec()
      .given(members)
      .given(post(P, A))
      .given(onPost(P, 'PostLiked', { userId: B }))
      .given(onPost(P, 'PostReposted', { userId: C }))
      .given(onPost(P, 'PostUnliked', { userId: B }))
      .given(onPost(P, 'PostUnreposted', { userId: C }))
      .thenCollection(NOTIFICATIONS, (docs) => expect(docs).toEqual([]));
  });

  it('tells the author of comments and the members mentioned (by username, any case), never for limited content; a deleted comment takes its notification back', async () => {
    const given = spec()
      .given(members)
      .given(post(P, A, { mentions: ['BILAL', 'nobody'] }))
      .given(comment('c1', P, B, { mentions: ['chadia'] }))
      .given(comment('c2', P, C, { limited: true, mentions: ['bilal'] }))
      .given(post(Q, C, { limited: true, mentions: ['amina'] }));
    await given.thenCollection<Notification>(NOTIFICATIONS, (docs) => {
      expect(ids(docs)).toEqual([`comment:c1`, `mention:comment:c1:${C}`, `mention:post:${P}:${B}`].sort());
      expect(docs.find((n) => n.id === 'comment:c1')).toMatchObject({
        userId: A,
        actorId: B,
        type: 'comment',
        targetId: P,
        content: 'JazakAllah',
      });
      expect(docs.find((n) => n.id === `mention:post:${P}:${B}`)).toMatchObject({
        userId: B,
        actorId: A,
        type: 'mention',
        targetId: P,
      });
    });
    await given
      .given(
        inStream('comment-c1', { type: 'CommentDeleted', data: { commentId: 'c1', postId: P, deletedBy: B, at: AT } }),
      )
      .thenNotFound(NOTIFICATIONS, 'comment:c1');
  });

  it('tells the author of a quoted post; deleting a post takes back what pointed at it', async () => {
    const quoted = spec()
      .given(members)
      .given(post(P, A))
      .given(post(Q, B, { quotedPostId: P, content: 'x'.repeat(130) }));
    await quoted.then(NOTIFICATIONS, `quote:${Q}`, {
      userId: A,
      actorId: B,
      type: 'quote',
      targetId: Q,
      content: `${'x'.repeat(120)}…`,
    });
    await quoted
      .given(onPost(Q, 'PostLiked', { userId: C }))
      .given(onPost(Q, 'PostDeleted', { deletedBy: B, deletedAt: AT }))
      .thenCollection(NOTIFICATIONS, (docs) => expect(docs).toEqual([]));
  });

  it('tells of follows, and takes an unfollow back', async () => {
    await spec()
      .given(relationship('UserFollowed', { followerId: A, followeeId: B }))
      .then(NOTIFICATIONS, `follow:${A}:${B}`, {
        userId: B,
        actorId: A,
        type: 'follow',
        targetId: A,
        targetType: 'user',
        content: '',
      });
    await spec()
      .given(relationship('UserFollowed', { followerId: A, followeeId: B }))
      .given(relationship('UserUnfollowed', { followerId: A, followeeId: B }))
      .thenNotFound(NOTIFICATIONS, `follow:${A}:${B}`);
  });

  it('drops what passed between two members when either blocks the other, says nothing while blocked, and again once unblocked', async () => {
    const blocked = spec()
      .given(members)
      .given(post(P, A))
      .given(post(Q, B))
      .given(onPost(P, 'PostLiked', { userId: B }))
      .given(onPost(Q, 'PostLiked', { userId: A }))
      .given(onPost(P, 'PostLiked', { userId: C }))
      .given(relationship('UserBlocked', { blockerId: B, blockedId: A }))
      .given(relationship('UserFollowed', { followerId: A, followeeId: B }))
      .given(message('m1', A, B));
    await blocked.thenCollection<Notification>(NOTIFICATIONS, (docs) => expect(ids(docs)).toEqual([`like:${P}:${C}`]));
    await blocked
      .given(relationship('UserUnblocked', { blockerId: B, blockedId: A }))
      .given(relationship('UserFollowed', { followerId: B, followeeId: A }))
      .then(NOTIFICATIONS, `follow:${B}:${A}`, { userId: A });
  });

  it('tells of messages, replies and voice messages, unless the recipient was looking or muted the conversation', async () => {
    await spec()
      .given(message('m1', A, B))
      .given(message('m2', A, B, { replyToId: 'm0' }))
      .given(message('m3', A, B, { messageType: 'audio', content: '' }))
      .given(message('m4', A, B, { recipientViewing: true }))
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        expect(docs.map((n) => [n.id, n.type, n.category, n.targetId, n.targetType]).sort()).toEqual([
          ['message:m1', 'message', 'messages', CONV, 'conversation'],
          ['message:m2', 'reply', 'messages', CONV, 'conversation'],
          ['message:m3', 'voice_message', 'messages', CONV, 'conversation'],
        ]);
      });
    await spec()
      .given(conversation('ConversationMuted', { userId: B, muted: true }))
      .given(message('m1', A, B))
      .given(message('m2', B, A))
      .given(conversation('ConversationMuted', { userId: B, muted: false }))
      .given(message('m3', A, B))
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => expect(ids(docs)).toEqual(['message:m2', 'message:m3']));
  });

  it("reads a conversation's notifications when the member reads the conversation", async () => {
    await spec()
      .given(message('m1', A, B))
      .given(message('m2', A, B))
      .given(post(P, B))
      .given(onPost(P, 'PostLiked', { userId: A }))
      .given(conversation('MessagesRead', { userId: B, upTo: 'm2', at: AT }))
      .then(async ({ docs, deps }) => {
        const byId = new Map((await docs<Notification>(NOTIFICATIONS)).map((n) => [n.id, n.isRead]));
        expect(Object.fromEntries(byId)).toEqual({ 'message:m1': true, 'message:m2': true, [`like:${P}:${A}`]: false });
        expect(deps.pushes.at(-1)).toMatchObject({
          event: 'unread_count',
          rooms: [`user:${B}`],
          payload: { unreadCount: 1 },
        });
      });
  });

  it('lets a member read one, read all and delete their own notifications only', async () => {
    const followed = spec()
      .given(relationship('UserFollowed', { followerId: A, followeeId: B }))
      .given(relationship('UserFollowed', { followerId: B, followeeId: A }))
      .given(
        inStream(`relationship-${C}-${B}`, { type: 'UserFollowed', data: { followerId: C, followeeId: B, at: AT } }),
      );
    await followed
      .given(inbox(B, { type: 'NotificationRead', data: { notificationId: `follow:${A}:${B}` } }))
      .given(inbox(B, { type: 'NotificationRead', data: { notificationId: `follow:${B}:${A}` } }))
      .then(async ({ docs, deps }) => {
        const read = (await docs<Notification>(NOTIFICATIONS)).filter((n) => n.isRead).map((n) => n.id);
        expect(read).toEqual([`follow:${A}:${B}`]);
        expect(deps.pushes.filter((p) => p.event === 'unread_count')).toMatchObject([
          { rooms: [`user:${B}`], payload: { unreadCount: 1 } },
        ]);
      });
    await followed
      .given(inbox(B, { type: 'AllNotificationsRead', data: {} }))
      .thenCollection<Notification>(NOTIFICATIONS, (docs) =>
        expect(docs.map((n) => [n.userId, n.isRead]).sort()).toEqual([
          [A, false],
          [B, true],
          [B, true],
        ]),
      );
    await followed
      .given(inbox(B, { type: 'NotificationDeleted', data: { notificationId: `follow:${A}:${B}` } }))
      .given(inbox(B, { type: 'NotificationDeleted', data: { notificationId: `follow:${B}:${A}` } }))
      .thenCollection<Notification>(NOTIFICATIONS, (docs) =>
        expect(ids(docs)).toEqual([`follow:${B}:${A}`, `follow:${C}:${B}`].sort()),
      );
  });

  it('forgets a deleted member: what they got, what they caused, and their name for mentions', async () => {
    await spec()
      .given(members)
      .given(post(P, A))
      .given(post(Q, C))
      .given(onPost(P, 'PostLiked', { userId: B }))
      .given(onPost(Q, 'PostLiked', { userId: A }))
      .given(onPost(Q, 'PostLiked', { userId: B }))
      .given(inStream(`user-${A}`, { type: 'AccountDeleted', data: { deletedAt: AT } }))
      .given(post('p3', B, { mentions: ['amina', 'chadia'] }))
      .thenCollection<Notification>(NOTIFICATIONS, (docs) =>
        expect(ids(docs)).toEqual([`like:${Q}:${B}`, `mention:post:p3:${C}`].sort()),
      );
  });

  // 33 replays (11 steps x 3 batch sizes), each into fresh stores: 14 s on a quiet machine, over 30 s
  // in a loaded CI run, where the timeout left an embedded database opening after the file's teardown.
  it("keeps each member's unread count equal to their unread notifications through every change, and pushes it", async () => {
    const P2 = '0190d7c4-0000-7000-8000-0000000000f3';
    const steps: [GivenEvent[], Record<string, number>][] = [
      [[...members, ...post(P, A), ...post(Q, B)], {}],
      [[...onPost(P, 'PostLiked', { userId: B }), ...onPost(P, 'PostReposted', { userId: C })], { [A]: 2 }],
      [comment('c1', P, C, { mentions: ['bilal'] }), { [A]: 3, [B]: 1 }],
      [
        [
          ...relationship('UserFollowed', { followerId: A, followeeId: B }),
          ...relationship('UserFollowed', { followerId: C, followeeId: B }),
        ],
        { [A]: 3, [B]: 3 },
      ],
      [[...message('m1', A, B), ...message('m2', A, B), ...message('m3', C, A)], { [A]: 4, [B]: 5 }],
      [
        [
          ...onPost(P, 'PostUnliked', { userId: B }),
          ...inStream('comment-c1', {
            type: 'CommentDeleted',
            data: { commentId: 'c1', postId: P, deletedBy: C, at: AT },
          }),
          ...relationship('UserUnfollowed', { followerId: A, followeeId: B }),
        ],
        { [A]: 2, [B]: 4 },
      ],
      [
        [
          ...inbox(B, { type: 'NotificationRead', data: { notificationId: `follow:${C}:${B}` } }),
          ...conversation('MessagesRead', { userId: B, upTo: 'm2', at: AT }),
          ...inbox(A, { type: 'NotificationDeleted', data: { notificationId: `repost:${P}:${C}` } }),
        ],
        { [A]: 1, [B]: 1 },
      ],
      [[...onPost(Q, 'PostLiked', { userId: A }), ...post(P2, C, { quotedPostId: Q })], { [A]: 1, [B]: 3 }],
      [
        [
          ...relationship('UserBlocked', { blockerId: B, blockedId: C }),
          ...onPost(Q, 'PostDeleted', { deletedBy: B, deletedAt: AT }),
        ],
        { [A]: 1 },
      ],
      [[...inbox(A, { type: 'AllNotificationsRead', data: {} }), ...message('m4', A, B)], { [B]: 1 }],
      [inStream(`user-${B}`, { type: 'AccountDeleted', data: { deletedAt: AT } }), {}],
    ];
    for (const size of [1, 3, 0]) {
      let given = spec().inBatchesOf(size);
      for (const [events, expected] of steps) {
        given = given.given(events);
        await given.then(async ({ docs }) => {
          const { kept, counted } = await unreadCounts(docs);
          expect(counted).toEqual(expected);
          expect(kept).toEqual(counted);
        });
      }
    }
    // Taking a notification back tells its member the lower count.
    await spec()
      .given([
        ...members,
        ...post(P, A),
        ...onPost(P, 'PostLiked', { userId: B }),
        ...onPost(P, 'PostLiked', { userId: C }),
      ])
      .given(onPost(P, 'PostUnliked', { userId: B }))
      .then(({ deps }) =>
        expect(deps.pushes.at(-1)).toMatchObject({
          event: 'unread_count',
          rooms: [`user:${A}`],
          payload: { unreadCount: 1 },
        }),
      );
  }, 90_000);

  it('builds the same notifications whatever the batch size', async () => {
    const history = spec()
      .given(members)
      .given(post(P, A, { mentions: ['bilal'] }))
      .given(comment('c1', P, C))
      .given(onPost(P, 'PostLiked', { userId: B }))
      .given(relationship('UserBlocked', { blockerId: A, blockedId: B }))
      .given(message('m1', C, A))
      .given(inbox(A, { type: 'AllNotificationsRead', data: {} }));
    const snapshots: unknown[] = [];
    for (const size of [1, 3, 0]) {
      await history.inBatchesOf(size).thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        // position and a message's time come from the log, which each run writes anew.
        snapshots.push(docs.map(({ position: _p, createdAt: _c, ...n }) => n).sort((x, y) => x.id.localeCompare(y.id)));
      });
    }
    expect(snapshots[0]).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'comment:c1', isRead: true })]));
    for (const s of snapshots) expect(s).toEqual(snapshots[0]);
  });
});
