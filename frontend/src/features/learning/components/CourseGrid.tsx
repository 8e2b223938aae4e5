import { useTranslation } from '@/i18n/useTranslation';
import { useRenderInSteps } from '@/ui/useRenderInSteps';

import type { CourseCard } from '../types';
import { CourseCardView } from './CourseCardView';

/** The first row on a phone (two columns, learning.css): the covers fetched first (CourseCardView). */
const FIRST_ROW = 2;

/** 2 to 5 columns by width (learning.css). */
export function CourseGrid({ courses }: { courses: CourseCard[] }) {
  const { t } = useTranslation();
  const shown = useRenderInSteps(courses.length);
  return (
    <ul className="course-grid" aria-label={t('learning.list.label')}>
      {courses.slice(0, shown).map((course, index) => (
        <li key={course.id}>
          <CourseCardView course={course} first={index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}

/** §2: a skeleton grid of 10 while the first page loads. */
export const SKELETON_CARDS = 10;

export function CourseGridSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('learning.list.loading')} className="course-grid">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <div key={i} className="course-card course-card--skeleton" data-testid="course-skeleton" aria-hidden="true">
          <span className="course-card__thumb skeleton" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}
