import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { LearnLesson } from '../types';
import { usePositionSaver } from './usePositionSaver';

/** An HTML5 video for a video lesson (resumed at the saved second), readable text for a text lesson. */
export function LessonPlayer({
  courseId,
  lesson,
  resumeAt,
  track,
}: {
  courseId: string;
  lesson: LearnLesson;
  resumeAt: number;
  /** Save the position (enrolled students only). */
  track: boolean;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  usePositionSaver(video, courseId, lesson.content?.kind === 'video' ? lesson.id : null, track);

  if (!lesson.content)
    return (
      <div className="learning-empty">
        <p>{t('learning.learn.locked')}</p>
        <Link className="button" to={`/course/${encodeURIComponent(courseId)}`}>
          {t('learning.learn.lockedAction')}
        </Link>
      </div>
    );
  if (lesson.content.kind === 'text')
    return (
      <div className="card learn__text" dir="auto">
        {lesson.content.text}
      </div>
    );
  return (
    <video
      key={lesson.id}
      ref={video}
      src={lesson.content.url}
      poster={lesson.content.posterUrl ?? undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={t('learning.learn.video')}
      onLoadedMetadata={(e) => {
        if (resumeAt > 0 && resumeAt < e.currentTarget.duration) e.currentTarget.currentTime = resumeAt;
      }}
    />
  );
}
