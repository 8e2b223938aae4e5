/** Notifications: the screen's data, the live unread count and the badge. */
export {
  notificationsApi,
  useDeleteNotificationMutation,
  useGetNotificationsInfiniteQuery,
  useGetUnreadCountQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from './api';
export { formatBadgeCount, notificationsTabLabel } from './badge';
export { UnreadBadge } from './components/UnreadBadge';
export type { AppNotification, NotificationTab } from './types';
export { useNotificationPushes } from './useNotificationPushes';
export { useUnreadCount } from './useUnreadCount';
