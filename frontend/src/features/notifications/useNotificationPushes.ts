import { useStore } from 'react-redux';

import { api } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import type { RootState } from '@/app/store';
import { type ReceivedPushes, SOCKET_EVENTS, useSocketConnect, useSocketEvent } from '@/resources/realtime';

import { notificationsApi } from './api';

/**
 * Keeps the badge and the lists live. `notification` (something new) and `unread_count` (something
 * was read or deleted, maybe on another device) set the count and refetch the lists; a push without a
 * usable count refetches the count too. At each connect everything is fetched again: the first
 * comes a while after the badge's read, and reads and deletes made elsewhere while the socket was down
 * are not replayed.
 */
export function useNotificationPushes(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();

  /** Off the wire, so checked before use (a replayed notification carries the count of its sync). */
  const onPush = (push: ReceivedPushes['notification'] | ReceivedPushes['unread_count'] | null) => {
    const count = push?.unreadCount;
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0) {
      // A count asked before this push (a connect's, say) may answer after it with the older figure:
      // then it is asked once more, after that answer (RTK Query holds invalidations while one runs).
      const asking = notificationsApi.endpoints.getUnreadCount.select()(store.getState()).status === 'pending';
      void dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, count));
      dispatch(api.util.invalidateTags(asking ? ['Notification', 'UnreadCount'] : ['Notification']));
    } else {
      dispatch(api.util.invalidateTags(['Notification', 'UnreadCount']));
    }
  };
  useSocketEvent(SOCKET_EVENTS.notification, onPush);
  useSocketEvent(SOCKET_EVENTS.unreadCount, onPush);

  useSocketConnect(() => {
    dispatch(api.util.invalidateTags(['Notification', 'UnreadCount']));
  });
}
