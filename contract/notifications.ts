/** Who acted; null when the member is gone, or for system notices. */
export interface NotificationActor {
  id: string;
  name: string;
  username: string;
  profileImage: string | null;
}

/** Spec part 2 §3 Notification (backend/modules/notifications/notifications.service.ts NotificationView). */
export interface NotificationView {
  id: string;
  type: string;
  category: string;
  content: string;
  isRead: boolean;
  createdAt: string;
  targetId: string | null;
  targetType: string | null;
  actor: NotificationActor | null;
}

/**
 * What a post's author is told of the moderators' decisions on it (projections/notifications/moderation.ts):
 * notices from the platform (`actor` null) whose target is the post, so they open it. `content` is the
 * moderators' reason for a hiding and for keeping it hidden after an appeal; empty when it shows again.
 */
export type PostModerationNoticeType =
  | 'post_hidden'
  | 'post_restored'
  | 'post_appeal_accepted'
  | 'post_appeal_rejected';

/** `GET /api/notifications`: newest first. */
export interface NotificationsPage {
  notifications: NotificationView[];
  unreadCount: number;
  /** Null on the last page. */
  nextCursor: string | null;
}

/** `sync_notifications { after }`: what arrived after the cursor, oldest first. */
export interface NotificationsSince {
  notifications: NotificationView[];
  unreadCount: number;
  hasMore: boolean;
  cursor: string | null;
}

/** What a `notification` push carries of the new notification (notifications.projector.ts notificationPayload). */
export interface PushedNotification {
  id: string;
  type: string;
  category: string;
  content: string;
  isRead: boolean;
  createdAt: string;
  targetId: string | null;
  targetType: 'post' | 'comment' | 'user' | 'conversation' | 'course' | 'community' | 'order' | 'certificate' | null;
  actorId: string;
}
