/**
 * Spec part 2 §3 Notification, as GET /api/notifications answers it
 * (backend/modules/notifications/notifications.service.ts NotificationView).
 */
export interface NotificationActor {
  id: string;
  name: string;
  username: string;
  profileImage: string | null;
}

export interface AppNotification {
  id: string;
  type: string;
  category: string;
  content: string;
  isRead: boolean;
  createdAt: string;
  targetId: string | null;
  targetType: string | null;
  /** Null when the member who acted is gone, or for system notices. */
  actor: NotificationActor | null;
}

export interface NotificationsPage {
  notifications: AppNotification[];
  unreadCount: number;
  /** Null on the last page. */
  nextCursor: string | null;
}

/** The tabs of the screen; donations have no tab of their own, so they show only under All. */
export const NOTIFICATION_TABS = ['all', 'social', 'messages', 'courses', 'system'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
