import { inStream } from '../runner/testing/projection-spec';
import {
  A,
  AT,
  B,
  C,
  comment,
  CONV,
  conversation,
  ids,
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
});
