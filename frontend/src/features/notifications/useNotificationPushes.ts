import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useSocketEvent, useSocketReconnect } from '../realtime/hooks';
import { SOCKET_EVENTS, type NotificationPush } from '../realtime/events';
import { notificationsApi } from './api';

/**
 * Keeps the badge and the lists live. `notification` (something new) and `unread_count` (something
 * was read or deleted, maybe on another device) set the count and refetch the lists; a push without a
 * usable count refetches the count too. After a reconnect everything is fetched again, since
 * reads and deletes made elsewhere meanwhile are not replayed.
 */
export function useNotificationPushes(): void {
  const dispatch = useAppDispatch();

  const onPush = (push: NotificationPush | null) => {
    const count = push?.unreadCount;
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0) {
      dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, count));
      dispatch(api.util.invalidateTags(['Notification']));
    } else {
      dispatch(api.util.invalidateTags(['Notification', 'UnreadCount']));
    }
  };
  useSocketEvent<NotificationPush | null>(SOCKET_EVENTS.notification, onPush);
  useSocketEvent<NotificationPush | null>(SOCKET_EVENTS.unreadCount, onPush);

  useSocketReconnect(() => {
    dispatch(api.util.invalidateTags(['Notification', 'UnreadCount']));
  });
}
