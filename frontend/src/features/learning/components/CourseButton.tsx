import { useTranslation } from '@/i18n/useTranslation';

import { useCourseButton } from '../hooks/useCourseButton';
import type { CourseCard } from '../types';

/** The card's one action (§4 Course button). */
export function CourseButton({ course }: { course: CourseCard }) {
  const { t } = useTranslation();
  const { kind, busy, onClick } = useCourseButton(course);
  return (
    <button
      type="button"
      className={
        kind === 'remove' ? 'button button--quiet button--block course-button' : 'button button--block course-button'
      }
      disabled={busy}
      aria-label={`${t(`learning.button.${kind}`)}: ${course.title}`}
      onClick={onClick}
    >
      {t(`learning.button.${kind}`)}
    </button>
  );
}
