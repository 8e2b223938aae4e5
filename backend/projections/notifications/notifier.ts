import type { NotificationPush, UnreadCountPush } from '@contract';
import type { RecordedEvent } from '@platform/event-store/event-store.port';
import { userRoom } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import { findAll } from '../../src/platform/read-store/core/find-all';
import type { ProjectionContext } from '../runner';
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
  NOTIFY_UNREAD,
  type UnreadDoc,
} from './docs';

const SNIPPET = 120;

/** Where in the log a notification comes from (its position, and the source of its pushes). */
export type NotifyingEvent = Pick<RecordedEvent, 'id' | 'checkpoint' | 'metadata'>;

/** What one notification says, before the projector adds its category, time and place in the log. */
type Notice = Pick<NotificationDoc, 'id' | 'userId' | 'actorId' | 'type' | 'targetId' | 'targetType' | 'content'>;

/** Member → the payloads of this batch's pushes to them, waiting for their unread count at its end. */
export type UnreadCounts = Map<string, { unreadCount: number }[]>;

/**
 * The actor of a notice no member is behind (the platform's own words, a donation, a community the
 * app's moderators closed): no profile answers to it, so the notice shows no one.
 */
export const SYSTEM_ACTOR = 'system';

/**
 * Writes, reads and takes back the notifications one event causes, keeps each member's unread count
 * in step with them, and stages the pushes that tell their members (each new notification, and each
 * change of an unread count). Every write to `notifications` goes through here: a write anywhere
 * else would leave the count wrong.
 */
export class Notifier {
  private readonly notifications;
  private readonly unread;
  constructor(
    private readonly ctx: ProjectionContext,
    private readonly event: NotifyingEvent,
    /** When the event's action happened: the time its notifications show. */
    private readonly at: string,
    private readonly outbox: PushOutbox | null,
    private readonly counts: UnreadCounts,
  ) {
    this.notifications = ctx.collection<NotificationDoc>(NOTIFICATIONS);
    this.unread = ctx.collection<UnreadDoc>(NOTIFY_UNREAD);
  }

  /** `notification` (a new one, with the unread count) or `unread_count` (it went down). */
  private push(userId: string, notification: NotificationDoc | null) {
    if (!this.outbox?.accepts(this.event, this.ctx)) return;
    // The count (0 until then) is filled in at the end of the batch, before the push is sent.
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
    /**
     * The id is named by the only event that can write it (a message's by its MessageSent), so it
     * replaces nothing and the read of what it might replace is skipped (one per message).
     */
    {
      fresh = false,
      acrossBlocks = false,
    }: {
      fresh?: boolean;
      /** Staff work (an appeal to decide): told whoever blocked whom. */
      acrossBlocks?: boolean;
    } = {},
  ) {
    if (userId === actorId || (!acrossBlocks && (await this.blocked(userId, actorId)))) return;
    const replaced = fresh ? null : await this.notifications.get(id);
    await this.write({ id, userId, actorId, type, targetId, targetType, content }, replaced);
  }

  /**
   * The same notice to many members (a community's new post or announcement), each under its own
   * id: one read each of the blocks between the actor and all of them, of what the ids held before
   * (a post pinned again replaces its first announcement) and of the members' unread counts. A post
   * to a community of thousands costs three round trips, not three per member, so the notices
   * queued behind it (a message, a mention) are not held up for seconds.
   */
  async notifyAll(
    recipients: readonly string[],
    idOf: (userId: string) => string,
    actorId: string,
    type: string,
    targetId: string,
    targetType: NotificationDoc['targetType'],
    content: string,
  ) {
    const others = [...new Set(recipients)].filter((userId) => userId !== actorId);
    if (others.length === 0) return;
    const pairs = others.flatMap((userId) => [blockId(userId, actorId), blockId(actorId, userId)]);
    const [blocks, before] = await Promise.all([
      this.ctx.collection(NOTIFY_BLOCKS).getMany(pairs),
      this.notifications.getMany(others.map(idOf)),
      this.unread.getMany(others),
    ]);
    const blocked = new Set(blocks.map((b) => b.id));
    const replaced = new Map(before.map((doc) => [doc.id, doc]));
    for (const userId of others) {
      if (blocked.has(blockId(userId, actorId)) || blocked.has(blockId(actorId, userId))) continue;
      const id = idOf(userId);
      await this.write({ id, userId, actorId, type, targetId, targetType, content }, replaced.get(id) ?? null);
    }
  }

  /** Writes one notification over what its id held (null: nothing), keeping the counts and pushes in step. */
  private async write(notice: Notice, replaced: NotificationDoc | null) {
    const { userId, type, content } = notice;
    const doc: NotificationDoc = {
      ...notice,
      category: CATEGORY_OF[type] ?? 'system',
      content: content.length > SNIPPET ? `${content.slice(0, SNIPPET)}…` : content,
      isRead: false,
      createdAt: this.at,
      position: this.event.checkpoint,
    };
    await this.notifications.upsert(doc);
    if (replaced && !replaced.isRead) await this.tally(replaced.userId, -1);
    await this.tally(userId, 1);
    await this.push(userId, doc);
  }

  /** Takes back every notice of `type` about a target (an appeal's, once it is decided). */
  async takeBackAll(targetId: string, type: string) {
    const notices = await findAll(this.notifications, { where: { targetId } });
    await this.remove(notices.filter((doc) => doc.type === type));
  }

  /** Takes back the notification of an action undone (an unlike, an unfollow, a deleted comment). */
  async takeBack(id: string) {
    const doc = await this.notifications.get(id);
    if (doc) await this.remove([doc]);
  }

  async mentions(
    usernames: string[] | undefined,
    actorId: string,
    targetId: string,
    targetType: 'post',
    content: string,
    source = `post:${targetId}`,
    /** Who may be told (a private community's post: its members only); everyone when absent. */
    mayRead?: (userId: string) => Promise<boolean>,
  ) {
    const members = this.ctx.collection<MemberDoc>(NOTIFY_MEMBERS);
    for (const name of new Set((usernames ?? []).map((u) => u.toLowerCase()))) {
      const found = await members.find({ where: { usernameLower: name }, limit: 1 });
      const member = found.items[0];
      if (member && (!mayRead || (await mayRead(member.id))))
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
    // Their own notifications and count go without a push: nobody is left to tell.
    await this.deleteWhere({ userId }, { tell: false });
    await this.deleteWhere({ actorId: userId });
    await this.unread.delete(userId);
  }

  async markRead(userId: string, id: string) {
    const doc = await this.notifications.get(id);
    if (doc && doc.userId === userId && !doc.isRead) {
      await this.notifications.update(id, { set: { isRead: true } });
      await this.tally(userId, -1);
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
    if (doc && doc.userId === userId) await this.remove([doc]);
  }

  private async readWhere(userId: string, where: Record<string, string | boolean>) {
    const unread = await findAll(this.notifications, { where });
    for (const doc of unread) await this.notifications.update(doc.id, { set: { isRead: true } });
    if (unread.length === 0) return;
    await this.tally(userId, -unread.length);
    await this.push(userId, null);
  }

  /** Deletes notifications; each unread one's member gets their lower count (pushed, unless told not to). */
  private async remove(docs: NotificationDoc[], { tell = true } = {}) {
    await this.notifications.deleteMany(docs.map((d) => d.id));
    for (const doc of docs) {
      if (doc.isRead || !tell) continue;
      await this.tally(doc.userId, -1);
      await this.push(doc.userId, null);
    }
  }

  private async tally(userId: string, by: number) {
    await this.unread.update(userId, { inc: { count: by } }, { upsert: true });
  }

  private async blocked(a: string, b: string) {
    const blocks = this.ctx.collection(NOTIFY_BLOCKS);
    return (await blocks.getMany([blockId(a, b), blockId(b, a)])).length > 0;
  }

  private async deleteWhere(
    where: Partial<Record<'userId' | 'actorId' | 'targetId', string>>,
    options?: { tell: boolean },
  ) {
    for (;;) {
      const page = await this.notifications.find({ where, limit: 500 });
      if (page.items.length === 0) return;
      await this.remove(page.items, options);
    }
  }
}

/** What a client needs to show a pushed notification before it refetches the list. */
function notificationPayload(n: NotificationDoc) {
  return { ...notificationFields(n), actorId: n.actorId };
}
