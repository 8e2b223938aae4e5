import { type RefObject, useEffect, useRef } from 'react';

import { useSaveLessonPositionMutation } from '../api/catalogueApi';

/** How often a playing video's position is saved. */
export const POSITION_SAVE_MS = 10_000;

/**
 * Saves where the student is in a video lesson (whole seconds): every 10 s while it plays, when it
 * pauses, and when they leave the lesson or the page. Nothing is sent when the second has not moved.
 */
export function usePositionSaver(
  video: RefObject<HTMLVideoElement | null>,
  courseId: string,
  lessonId: string | null,
  enabled: boolean,
) {
  const [save] = useSaveLessonPositionMutation();
  const last = useRef<number | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!enabled || !lessonId || !element) return undefined;
    last.current = null;
    // Until the video has played, its position is the start, not where the student stopped:
    // saving it would overwrite the resume point.
    let played = false;
    const onPlay = () => (played = true);
    const flush = () => {
      if (!played) return;
      const seconds = Math.floor(element.currentTime);
      if (!Number.isFinite(seconds) || seconds === last.current) return;
      last.current = seconds;
      void save({ courseId, lessonId, seconds });
    };
    const timer = setInterval(() => {
      if (!element.paused) flush();
    }, POSITION_SAVE_MS);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', flush);
    window.addEventListener('pagehide', flush);
    return () => {
      clearInterval(timer);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', flush);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [video, courseId, lessonId, enabled, save]);
}
