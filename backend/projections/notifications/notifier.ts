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
} from './docs';

const SNIPPET = 120;

/** Where in the log a notification comes from (its position, and the source of its pushes). */
export type NotifyingEvent = Pick<RecordedEvent, 'id' | 'checkpoint' | 'metadata'>;

/** Member → the payloads of this batch's pushes to them, waiting for their unread count. */
export type UnreadCounts = Map<string, { unreadCount: number }[]>;

/**
 * Writes, reads and takes back the notifications one event causes, and stages the pushes that tell
 * their members (each new notification, and each change of an unread count).
 */
export class Notifier {
  private readonly notifications;
  constructor(
    private readonly ctx: ProjectionContext,
    private readonly event: NotifyingEvent,
    /** When the event's action happened: the time its notifications show. */
    private readonly at: string,
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
      createdAt: this.at,
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
