import { api } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import { SOCKET_EVENTS, useSocketEvent } from '@/resources/realtime';

/**
 * The uploader (and a private file's audience) hears when a video or image is ready (or failed): the
 * lists that show it are fetched again, so the poster or 'Processing…' gives way to the file.
 */
export function useMediaPushes(): void {
  const dispatch = useAppDispatch();
  const refresh = () => dispatch(api.util.invalidateTags(['Post', 'Feed', 'ProfileTab', 'Message']));
  useSocketEvent(SOCKET_EVENTS.mediaProcessed, refresh);
  useSocketEvent(SOCKET_EVENTS.mediaFailed, refresh);
}

/** A session ended elsewhere (signed out, password reset, account deleted): ask who we are now. */
export function useSessionEndedPush(): void {
  const dispatch = useAppDispatch();
  useSocketEvent(SOCKET_EVENTS.sessionEnded, () => dispatch(api.util.invalidateTags(['Me'])));
}
