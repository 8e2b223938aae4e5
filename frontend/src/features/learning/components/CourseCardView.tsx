import { memo } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { AppLink } from '@/ui/AppLink';

import type { CourseCard } from '../types';
import { Badges } from './Badges';
import { CourseButton } from './CourseButton';
import { Price } from './Price';
import { Rating } from './Rating';

/** The grid's column width (learning.css: two columns on a phone, 16 px apart inside 16 px margins; up to five on a wide screen). */
const COVER_SIZES = '(min-width: 1024px) 240px, calc(50vw - 24px)';

/**
 * One course in the catalogue grid: picture, category, badges, title, teacher, rating, price, action
 * (memoised, as PostCard). `first`: in the grid's first row, whose cover is the screen's largest
 * picture on a phone (its LCP): fetched at once and first, not when layout finds it near the viewport.
 */
export const CourseCardView = memo(function CourseCardView({
  course,
  first = false,
}: {
  course: CourseCard;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const href = `/course/${encodeURIComponent(course.id)}`;
  return (
    <article className="course-card" aria-labelledby={`course-${course.id}-title`}>
      <AppLink to={href} className="course-card__thumb" tabIndex={-1} aria-hidden="true">
        {course.thumbnailImage ? (
          <img
            src={course.thumbnailImage}
            // The media server picks the nearest prepared width (w); two columns on a phone need 320.
            srcSet={`${course.thumbnailImage}?w=320 320w, ${course.thumbnailImage}?w=640 640w`}
            sizes={COVER_SIZES}
            alt=""
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
          />
        ) : (
          <span className="course-card__placeholder" />
        )}
      </AppLink>
      <div className="course-card__body">
        <p className="course-card__tags">
          <span className="course-category">{t(`learning.category.${course.category}`)}</span>
          <Badges badges={course.badges} />
        </p>
        <h2 id={`course-${course.id}-title`} className="course-card__title">
          <AppLink to={href}>{course.title}</AppLink>
        </h2>
        <p className="course-card__teacher muted">
          {t('learning.card.by', { name: `\u2068${course.vendor.user.name}\u2069` })}
        </p>
        <Rating rating={course.rating} students={course.totalStudents} />
        <Price price={course.price} promoPrice={course.promoPrice} />
      </div>
      <div className="course-card__action">
        <CourseButton course={course} />
      </div>
    </article>
  );
});
