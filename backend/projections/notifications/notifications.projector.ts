import type { NotificationPush, UnreadCountPush } from '@contract';
import type { MessageSentData } from '@modules/messaging/events';
import { userRoom } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import { findAll } from '../../src/platform/read-store/core/find-all';
import type { ProjectionContext, Projector } from '../runner';
import { CATEGORY_OF } from './categories';
import {
  blockId,
  type MemberDoc,
  notificationCursor,
  type NotificationDoc,
  notificationFields,
  NOTIFICATIONS,
  NOTIFICATIONS_PROJECTOR,
  NOTIFY_BLOCKS,
  NOTIFY_MEMBERS,
  NOTIFY_MUTES,
  NOTIFY_POSTS,
  type PostAuthorDoc,
} from './docs';

const SNIPPET = 120;

type Data = Record<string, unknown> & { at?: string };

/**
 * Notifications for likes, comments, mentions, reposts, quotes, follows and direct messages. Never
 * about a member's own actions, never between members where either blocked the other; taking an
 * action back (unlike, unfollow, deleting the comment or post) takes its notification back too.
 * A message notifies unless the recipient had the conversation open or muted it, and reading the
 * conversation reads its notifications. Each new notification, and each change of a member's unread
 * count, is pushed to their sockets once the batch has committed.
 */
export function notificationsProjector(outbox: PushOutbox | null = null): Projector {
  /** Per batch: members whose unread count goes out with this batch's pushes. */
  const counted = new WeakMap<ProjectionContext, UnreadCounts>();
  const countsOf = (ctx: ProjectionContext) => {
    let counts = counted.get(ctx);
    if (!counts) counted.set(ctx, (counts = new Map()));
    return counts;
  };
  return {
    name: NOTIFICATIONS_PROJECTOR,
    version: 2,
    handles: [
      'MessageSent',
      'ConversationMuted',
      'MessagesRead',
      'UserRegistered',
      'AccountDeleted',
      'PostCreated',
      'PostDeleted',
      'CommentAdded',
      'CommentDeleted',
      'PostLiked',
      'PostUnliked',
      'PostReposted',
      'PostUnreposted',
      'UserFollowed',
      'UserUnfollowed',
      'UserBlocked',
      'UserUnblocked',
      'NotificationRead',
      'AllNotificationsRead',
      'NotificationDeleted',
    ],
    collections: [
      {
        name: NOTIFICATIONS,
        indexes: [
          { fields: ['userId'], sort: { field: 'position' } },
          { fields: ['userId', 'isRead'] },
          { fields: ['targetId'] },
          { fields: ['actorId'] },
        ],
      },
      { name: NOTIFY_MEMBERS, indexes: [{ fields: ['usernameLower'] }] },
      { name: NOTIFY_POSTS },
      { name: NOTIFY_BLOCKS },
      { name: NOTIFY_MUTES },
    ],
    // A burst of messages asks about the same mutes and blocks: one read each per batch.
    prefetch(events) {
      const mutes: string[] = [];
      const blocks: string[] = [];
      for (const e of events) {
        if (e.type !== 'MessageSent') continue;
        const m = e.data as MessageSentData;
        mutes.push(`${m.conversationId}:${m.receiverId}`);
        blocks.push(blockId(m.receiverId, m.senderId), blockId(m.senderId, m.receiverId));
      }
      return { [NOTIFY_MUTES]: mutes, [NOTIFY_BLOCKS]: blocks };
    },
    // The unread counts the batch's pushes carry: one count per member, once the batch is committed
    // (counting inside the batch would need its writes flushed into a transaction first).
    async afterCommit(batch: ProjectionContext, committed: ProjectionContext) {
      const counts = counted.get(batch);
      if (!counts) return;
      const notifications = committed.collection<NotificationDoc>(NOTIFICATIONS);
      for (const [userId, payloads] of counts) {
        const unreadCount = await notifications.count({ userId, isRead: false });
        for (const payload of payloads) payload.unreadCount = unreadCount;
      }
    },
    async handle(event: RecordedEvent, ctx: ProjectionContext) {
      const d = event.data as Data;
      const n = new Notifier(ctx, event, outbox, countsOf(ctx));
      switch (event.type) {
        case 'MessageSent': {
          const m = d as unknown as MessageSentData;
          if (m.recipientViewing) return;
          if (await ctx.collection(NOTIFY_MUTES).get(`${m.conversationId}:${m.receiverId}`)) return;
          const type = m.messageType === 'audio' ? 'voice_message' : m.replyToId ? 'reply' : 'message';
          return n.notify(
            `message:${m.messageId}`,
            m.receiverId,
            m.senderId,
            type,
            m.conversationId,
            'conversation',
            m.content,
          );
        }
        case 'ConversationMuted': {
          const id = `${d.conversationId}:${d.userId}`;
          if (d.muted) await ctx.collection(NOTIFY_MUTES).upsert({ id });
          else await ctx.collection(NOTIFY_MUTES).delete(id);
          return;
        }
        case 'MessagesRead':
          return n.readConversation(String(d.userId), String(d.conversationId));
        case 'UserRegistered':
          return ctx
            .collection<MemberDoc>(NOTIFY_MEMBERS)
            .upsert({ id: String(d.userId), usernameLower: String(d.username).toLowerCase() });
        case 'AccountDeleted':
          return n.forgetMember(event.streamId.slice('user-'.length));
        case 'PostCreated': {
          await ctx
            .collection<PostAuthorDoc>(NOTIFY_POSTS)
            .upsert({ id: String(d.postId), userId: String(d.userId), content: String(d.content ?? '') });
          if (d.limited) return;
          await n.mentions(d.mentions as string[], String(d.userId), String(d.postId), 'post', String(d.content));
          if (d.quotedPostId) {
            const quoted = await ctx.collection<PostAuthorDoc>(NOTIFY_POSTS).get(String(d.quotedPostId));
            if (quoted)
              await n.notify(
                `quote:${d.postId}`,
                quoted.userId,
                String(d.userId),
                'quote',
                String(d.postId),
                'post',
                String(d.content),
              );
          }
          return;
        }
        case 'PostDeleted':
          return n.dropTarget(String(d.postId));
        case 'CommentAdded': {
          if (d.limited) return;
          const post = await ctx.collection<PostAuthorDoc>(NOTIFY_POSTS).get(String(d.postId));
          if (post)
            await n.notify(
              `comment:${d.commentId}`,
              post.userId,
              String(d.userId),
              'comment',
              String(d.postId),
              'post',
              String(d.content),
            );
          await n.mentions(
            d.mentions as string[],
            String(d.userId),
            String(d.postId),
            'post',
            String(d.content),
            `comment:${d.commentId}`,
          );
          return;
        }
        case 'CommentDeleted':
          await ctx.collection(NOTIFICATIONS).delete(`comment:${d.commentId}`);
          return;
        case 'PostLiked':
        case 'PostReposted': {
          const type = event.type === 'PostLiked' ? 'like' : 'repost';
          const post = await ctx.collection<PostAuthorDoc>(NOTIFY_POSTS).get(String(d.postId));
          if (post)
            await n.notify(
              `${type}:${d.postId}:${d.userId}`,
              post.userId,
              String(d.userId),
              type,
              String(d.postId),
              'post',
              post.content,
            );
          return;
        }
        case 'PostUnliked':
        case 'PostUnreposted':
          await ctx
            .collection(NOTIFICATIONS)
            .delete(`${event.type === 'PostUnliked' ? 'like' : 'repost'}:${d.postId}:${d.userId}`);
          return;
        case 'UserFollowed':
          return n.notify(
            `follow:${d.followerId}:${d.followeeId}`,
            String(d.followeeId),
            String(d.followerId),
            'follow',
            String(d.followerId),
            'user',
            '',
          );
        case 'UserUnfollowed':
          await ctx.collection(NOTIFICATIONS).delete(`follow:${d.followerId}:${d.followeeId}`);
          return;
        case 'UserBlocked':
          await ctx.collection(NOTIFY_BLOCKS).upsert({ id: blockId(String(d.blockerId), String(d.blockedId)) });
          await n.dropBetween(String(d.blockerId), String(d.blockedId));
          return;
        case 'UserUnblocked':
          await ctx.collection(NOTIFY_BLOCKS).delete(blockId(String(d.blockerId), String(d.blockedId)));
          return;
        case 'NotificationRead':
          return n.markRead(event.streamId.slice('inbox-'.length), String(d.notificationId));
        case 'AllNotificationsRead':
          return n.markAllRead(event.streamId.slice('inbox-'.length));
        case 'NotificationDeleted':
          return n.deleteOwn(event.streamId.slice('inbox-'.length), String(d.notificationId));
      }
    },
  };
}

/** Member → the payloads of this batch's pushes to them, waiting for their unread count. */
type UnreadCounts = Map<string, { unreadCount: number }[]>;

class Notifier {
  private readonly notifications;
  constructor(
    private readonly ctx: ProjectionContext,
    private readonly event: RecordedEvent,
    private readonly outbox: PushOutbox | null,
    private readonly counts: UnreadCounts,
  ) {
    this.notifications = ctx.collection<NotificationDoc>(NOTIFICATIONS);
  }

  /** `notification` (a new one, with the unread count) or `unread_count` (it went down). */
  private push(userId: string, notification: NotificationDoc | null) {
    if (!this.outbox?.accepts(this.event, this.ctx)) return;
    // The count (0 until then) is filled in by afterCommit, before the push is sent.
    const payload: NotificationPush | UnreadCountPush = notification
      ? { notification: notificationPayload(notification), unreadCount: 0, cursor: notificationCursor(notification) }
      : { unreadCount: 0 };
    const waiting = this.counts.get(userId);
    if (waiting) waiting.push(payload);
    else this.counts.set(userId, [payload]);
    // One unread_count per member and batch is enough: a later one replaces it before sending.
    const rooms = [userRoom(userId)];
    this.outbox.stage(
      NOTIFICATIONS_PROJECTOR,
      this.event,
      this.ctx,
      'notification' in payload
        ? { id: `notification:${notification!.id}:${this.event.id}`, rooms, event: 'notification', payload }
        : { id: `unread:${userId}`, rooms, event: 'unread_count', payload },
    );
  }

  async notify(
    id: string,
    userId: string,
    actorId: string,
    type: string,
    targetId: string | null,
    targetType: NotificationDoc['targetType'],
    content: string,
  ) {
    if (userId === actorId || (await this.blocked(userId, actorId))) return;
    const doc: NotificationDoc = {
      id,
      userId,
      actorId,
      type,
      category: CATEGORY_OF[type] ?? 'system',
      targetId,
      targetType,
      content: content.length > SNIPPET ? `${content.slice(0, SNIPPET)}…` : content,
      isRead: false,
      createdAt: String(
        (this.event.data as Data).at ?? (this.event.data as Data).createdAt ?? this.event.metadata.occurredAt,
      ),
      position: this.event.checkpoint,
    };
    await this.notifications.upsert(doc);
    await this.push(userId, doc);
  }

  async mentions(
    usernames: string[] | undefined,
    actorId: string,
    targetId: string,
    targetType: 'post',
    content: string,
    source = `post:${targetId}`,
  ) {
    const members = this.ctx.collection<MemberDoc>(NOTIFY_MEMBERS);
    for (const name of new Set((usernames ?? []).map((u) => u.toLowerCase()))) {
      const found = await members.find({ where: { usernameLower: name }, limit: 1 });
      const member = found.items[0];
      if (member)
        await this.notify(
          `mention:${source}:${member.id}`,
          member.id,
          actorId,
          'mention',
          targetId,
          targetType,
          content,
        );
    }
  }

  async dropTarget(targetId: string) {
    await this.deleteWhere({ targetId });
  }

  async dropBetween(a: string, b: string) {
    await this.deleteWhere({ userId: a, actorId: b });
    await this.deleteWhere({ userId: b, actorId: a });
  }

  async forgetMember(userId: string) {
    await this.ctx.collection(NOTIFY_MEMBERS).delete(userId);
    await this.deleteWhere({ userId });
    await this.deleteWhere({ actorId: userId });
  }

  async markRead(userId: string, id: string) {
    const doc = await this.notifications.get(id);
    if (doc && doc.userId === userId && !doc.isRead) {
      await this.notifications.update(id, { set: { isRead: true } });
      await this.push(userId, null);
    }
  }

  async markAllRead(userId: string) {
    await this.readWhere(userId, { userId, isRead: false });
  }

  async readConversation(userId: string, conversationId: string) {
    await this.readWhere(userId, { userId, isRead: false, targetId: conversationId });
  }

  async deleteOwn(userId: string, id: string) {
    const doc = await this.notifications.get(id);
    if (doc && doc.userId === userId) {
      await this.notifications.delete(id);
      if (!doc.isRead) await this.push(userId, null);
    }
  }

  private async readWhere(userId: string, where: Record<string, string | boolean>) {
    const unread = await findAll(this.notifications, { where });
    for (const doc of unread) await this.notifications.update(doc.id, { set: { isRead: true } });
    if (unread.length) await this.push(userId, null);
  }

  private async blocked(a: string, b: string) {
    const blocks = this.ctx.collection(NOTIFY_BLOCKS);
    return (await blocks.getMany([blockId(a, b), blockId(b, a)])).length > 0;
  }

  private async deleteWhere(where: Partial<Record<'userId' | 'actorId' | 'targetId', string>>) {
    for (;;) {
      const page = await this.notifications.find({ where, limit: 500 });
      if (page.items.length === 0) return;
      await this.notifications.deleteMany(page.items.map((d) => d.id));
    }
  }
}

/** What a client needs to show a pushed notification before it refetches the list. */
function notificationPayload(n: NotificationDoc) {
  return { ...notificationFields(n), actorId: n.actorId };
}

/** Where a reconnecting client resumes: `sync_notifications { after: cursor }`. */
