import type { LessonVideoPreview } from '@contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';

import { SOCKET_EVENTS, useSocketEvent } from '@/resources/realtime';

import { useGetLessonVideoQuery } from '../api/teachApi';

/** How often a video still being processed is asked about when no push says it is done. */
export const LESSON_VIDEO_POLL_MS = 4000;

export interface LessonVideo {
  /** The preview of this video (never the one before it); null while none has arrived. */
  preview: LessonVideoPreview | null;
  loading: boolean;
  failed: boolean;
  /** Asks again (new signed URLs, or the worker's outcome). */
  refresh: () => void;
}

/**
 * A lesson video's preview while the editor shows it: fetched again when the worker's outcome is
 * pushed (media_processed, media_failed), and every few seconds until then in case the socket is
 * down (the probed length comes with the poster, before the transcode is done). null: no video.
 */
export function useLessonVideo(mediaId: string | null): LessonVideo {
  const [settled, setSettled] = useState(false);
  const query = useGetLessonVideoQuery(mediaId ?? skipToken, { pollingInterval: settled ? 0 : LESSON_VIDEO_POLL_MS });
  const preview = query.currentData ?? null;
  const status = preview?.status;
  useEffect(() => {
    setSettled(status === 'ready' || status === 'failed' || query.isError);
  }, [status, query.isError]);
  const refresh = () => {
    if (mediaId) void query.refetch();
  };
  const outcome = ({ mediaId: done }: { mediaId: string }) => {
    if (done === mediaId) refresh();
  };
  useSocketEvent(SOCKET_EVENTS.mediaProcessed, outcome);
  useSocketEvent(SOCKET_EVENTS.mediaFailed, outcome);
  return { preview, loading: !!mediaId && !preview && !query.isError, failed: query.isError && !preview, refresh };
}
