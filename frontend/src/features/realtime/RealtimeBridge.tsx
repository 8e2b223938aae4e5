import { useEffect } from 'react';

import { connectSocket, disconnectSocket } from '@/resources/realtime';
import { useSession } from '@/resources/session';

import { useNotificationPushes } from '../notifications';
import { usePostUpdates } from './usePostUpdates';
import { useMediaPushes, useResourcesChangedPush, useSessionEndedPush } from './useServerPushes';

/**
 * Mounted once in the Layout: opens the socket while a member is signed in, closes it on sign-out,
 * and applies the app-wide pushes (unread badge, notification lists, post counters).
 */
export function RealtimeBridge(): null {
  const { user } = useSession();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) return undefined;
    void connectSocket(userId);
    return () => disconnectSocket();
  }, [userId]);

  useNotificationPushes();
  usePostUpdates();
  useMediaPushes();
  useSessionEndedPush();
  useResourcesChangedPush();
  return null;
}
