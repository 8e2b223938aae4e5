import { useEffect, useRef, useState } from 'react';

import { useAppDispatch } from '@/app/hooks';
import { useTranslation } from '@/i18n/useTranslation';

import { catalogueApi } from '../api/catalogueApi';
import type { LessonContent } from '../types';
import { usePositionSaver } from './usePositionSaver';

/** The fewest milliseconds between two renewals: a file that fails for another reason does not loop. */
export const RENEW_MIN_MS = 10_000;

type VideoContent = Extract<LessonContent, { kind: 'video' }>;

/**
 * A video lesson. A paid lesson's URLs are signed for the student and expire (`expiresAt`): when the
 * video fails (a seek or a resume asks the server again after they expired, or access ended), the
 * learn view is fetched again for new URLs and the video goes on from where it was. URLs renewed for
 * another reason (the view refetched after Mark complete) are taken up only while the video is not
 * playing, so playback never restarts under the student.
 */
export function LessonVideo({
  courseId,
  lessonId,
  content,
  resumeAt,
  track,
}: {
  courseId: string;
  lessonId: string;
  content: VideoContent;
  resumeAt: number;
  track: boolean;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const dispatch = useAppDispatch();
  const [src, setSrc] = useState(content.url);
  /** Where to go on once the new URL has loaded (set on a failure or a swap). */
  const resume = useRef<{ at: number; play: boolean } | null>(null);
  const renewedAt = useRef(0);
  usePositionSaver(video, courseId, lessonId, track);

  useEffect(() => {
    const element = video.current;
    if (content.url === src) return;
    if (element && !resume.current) {
      if (!element.paused && !element.error) return;
      if (element.currentTime > 0) resume.current = { at: element.currentTime, play: false };
    }
    setSrc(content.url);
  }, [content.url]);

  return (
    <video
      ref={video}
      src={src}
      poster={content.posterUrl ?? undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={t('learning.learn.video')}
      onError={(e) => {
        if (Date.now() - renewedAt.current < RENEW_MIN_MS) return;
        renewedAt.current = Date.now();
        const element = e.currentTarget;
        resume.current = { at: element.currentTime, play: !element.paused };
        // URLs renewed while it played are the freshest at hand; the refetch brings newer ones. Asked
        // of the store, not of a query hook: a hook's refetch throws until its subscription has
        // started (an effect, after the first paint), and a video can fail before that.
        if (content.url !== src) setSrc(content.url);
        void dispatch(catalogueApi.endpoints.getLearnView.initiate(courseId, { forceRefetch: true, subscribe: false }));
      }}
      onLoadedMetadata={(e) => {
        const element = e.currentTarget;
        const from = resume.current;
        resume.current = null;
        const at = from ? from.at : resumeAt;
        if (at > 0 && at < element.duration) element.currentTime = at;
        if (from?.play) void element.play().catch(() => undefined);
      }}
    />
  );
}
