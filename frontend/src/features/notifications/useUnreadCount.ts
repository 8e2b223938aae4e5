import { useSocketStatus } from '@/resources/realtime';
import { useSession } from '@/resources/session';

import { useGetUnreadCountQuery } from './api';

/** While the socket is down no push can reach the badge, so it checks now and then instead. */
export const UNREAD_POLL_MS = 60_000;

/** The member's unread notification count (0 for a guest), kept live by pushes. */
export function useUnreadCount(): number {
  const { user } = useSession();
  const status = useSocketStatus();
  const { data } = useGetUnreadCountQuery(undefined, {
    skip: !user,
    pollingInterval: status === 'connected' ? 0 : UNREAD_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return user ? (data ?? 0) : 0;
}
