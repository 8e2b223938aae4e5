/**
 * Spec part 2 §3 Notification, as GET /api/notifications answers it (contract/notifications.ts,
 * mirrored from backend/modules/notifications/notifications.service.ts NotificationView).
 */
import type { NotificationView } from '@contract';

export type { NotificationActor, NotificationsPage } from '@contract';

export type AppNotification = NotificationView;

/** The tabs of the screen; donations have no tab of their own, so they show only under All. */
export const NOTIFICATION_TABS = ['all', 'social', 'messages', 'courses', 'system'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
