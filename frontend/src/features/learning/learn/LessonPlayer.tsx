import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

import type { LearnLesson } from '../types';
import { LessonVideo } from './LessonVideo';

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
  // Keyed by lesson: a new lesson starts from its own URL and its own resume point.
  return (
    <LessonVideo
      key={lesson.id}
      courseId={courseId}
      lessonId={lesson.id}
      content={lesson.content}
      resumeAt={resumeAt}
      track={track}
    />
  );
}
