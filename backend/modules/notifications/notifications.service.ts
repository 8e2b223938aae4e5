import type { NotificationView } from '@contract';
import { AuthorsQuery } from '@modules/profiles';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import {
  CATEGORY_OF,
  notificationCursor,
  type NotificationDoc,
  notificationFields,
  NOTIFICATIONS,
  NOTIFICATIONS_PROJECTOR,
  NOTIFY_UNREAD,
  Tab,
  type UnreadDoc,
} from '@projections/notifications';

import { CommandExecutor } from '../../src/platform/decider/command-executor';
import { DomainError } from '../../src/platform/decider/decider';
import type { CommandMetadata } from '../../src/platform/decider/handle-command';
import { READ_MODELS } from '../../src/platform/tokens';
import { inboxDecider } from './domain/inbox.decider';
import { inboxStream } from './events';

const WAIT = { waitFor: [NOTIFICATIONS_PROJECTOR] } as const;
const SINCE_LIMIT = 100;

const notFound = () => new DomainError('NOTIFICATION_NOT_FOUND', 'Notification not found', 404);

/** A member's notifications: list by tab, unread count, mark read, mark all read, delete. */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly commands: CommandExecutor,
    private readonly authors: AuthorsQuery,
  ) {}

  async list(userId: string, tab: Tab | null, limit: number, after: string | null) {
    const collection = this.readModels.collection<NotificationDoc>(NOTIFICATIONS);
    const types = tab ? Object.keys(CATEGORY_OF).filter((t) => CATEGORY_OF[t] === tab) : null;
    const [page, unreadCount] = await Promise.all([
      collection.find({
        where: { userId, ...(types ? { type: { $in: types } } : {}) },
        sort: { field: 'position', direction: 'desc' },
        limit,
        after,
      }),
      this.unreadCount(userId),
    ]);
    return { notifications: await this.views(page.items), unreadCount, nextCursor: page.nextCursor };
  }

  /**
   * After a reconnect: the notifications that arrived after the cursor of the last `notification`
   * push the client saw, oldest first, with the cursor to continue from.
   */
  async since(userId: string, after: string | null, limit = SINCE_LIMIT) {
    const collection = this.readModels.collection<NotificationDoc>(NOTIFICATIONS);
    const [page, unreadCount] = await Promise.all([
      collection.find({ where: { userId }, sort: { field: 'position', direction: 'asc' }, after, limit }),
      this.unreadCount(userId),
    ]);
    const last = page.items.at(-1);
    return {
      notifications: await this.views(page.items),
      unreadCount,
      hasMore: page.nextCursor !== null,
      cursor: last ? notificationCursor(last) : after,
    };
  }

  private async views(docs: NotificationDoc[]): Promise<NotificationView[]> {
    const actors = await this.authors.byIds([...new Set(docs.map((n) => n.actorId))]);
    return docs.map((n) => {
      const a = actors.get(n.actorId);
      return {
        ...notificationFields(n),
        actor: a ? { id: a.id, name: a.displayName, username: a.username, profileImage: a.profileImage } : null,
      };
    });
  }

  async unreadCount(userId: string): Promise<number> {
    return (await this.readModels.collection<UnreadDoc>(NOTIFY_UNREAD).get(userId))?.count ?? 0;
  }

  async markRead(userId: string, id: string, meta: CommandMetadata) {
    await this.own(userId, id);
    await this.commands.execute(
      inboxStream(userId),
      inboxDecider,
      { type: 'MarkRead', notificationId: id, at: new Date().toISOString() },
      meta,
      WAIT,
    );
  }

  async markAllRead(userId: string, meta: CommandMetadata) {
    await this.commands.execute(
      inboxStream(userId),
      inboxDecider,
      { type: 'MarkAllRead', at: new Date().toISOString() },
      meta,
      WAIT,
    );
  }

  async delete(userId: string, id: string, meta: CommandMetadata) {
    await this.own(userId, id);
    await this.commands.execute(
      inboxStream(userId),
      inboxDecider,
      { type: 'Delete', notificationId: id, at: new Date().toISOString() },
      meta,
      WAIT,
    );
  }

  /** Someone else's notification answers exactly like a missing one. */
  private async own(userId: string, id: string) {
    const doc = await this.readModels.collection<NotificationDoc>(NOTIFICATIONS).get(id);
    if (!doc || doc.userId !== userId) throw notFound();
  }
}
