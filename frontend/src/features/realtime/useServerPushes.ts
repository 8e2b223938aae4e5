import { api } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import { SOCKET_EVENTS, useSocketEvent } from '@/resources/realtime';

/**
 * The uploader hears when their video or image is ready (or failed): the lists that show their posts
 * are fetched again, so the poster gives way to the playable video.
 */
export function useMediaPushes(): void {
  const dispatch = useAppDispatch();
  const refresh = () => dispatch(api.util.invalidateTags(['Post', 'Feed', 'ProfileTab']));
  useSocketEvent(SOCKET_EVENTS.mediaProcessed, refresh);
  useSocketEvent(SOCKET_EVENTS.mediaFailed, refresh);
}

/** A session ended elsewhere (signed out, password reset, account deleted): ask who we are now. */
export function useSessionEndedPush(): void {
  const dispatch = useAppDispatch();
  useSocketEvent(SOCKET_EVENTS.sessionEnded, () => dispatch(api.util.invalidateTags(['Me'])));
}
