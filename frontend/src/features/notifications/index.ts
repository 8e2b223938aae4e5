/** Notifications: the screen's data, the live unread count and the badge. */
export { UnreadBadge } from './components/UnreadBadge';
export { useUnreadCount } from './useUnreadCount';
export { useNotificationPushes } from './useNotificationPushes';
export { notificationsTabLabel, formatBadgeCount } from './badge';
export {
  notificationsApi,
  useGetNotificationsInfiniteQuery,
  useGetUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useDeleteNotificationMutation,
} from './api';
export type { AppNotification, NotificationTab } from './types';
