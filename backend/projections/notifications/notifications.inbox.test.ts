import type { Doc } from '@platform/read-store/read-store.port';

import { type GivenEvent, inStream } from '../runner/testing/projection-spec';
import {
  A,
  AT,
  B,
  C,
  comment,
  conversation,
  ids,
  inbox,
  members,
  message,
  type Notification,
  NOTIFICATIONS,
  onPost,
  P,
  post,
  Q,
  relationship,
  spec,
} from './testing/notification-events';

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

describe('notifications projector: the inbox (reading, deleting, forgetting, counts)', () => {
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
