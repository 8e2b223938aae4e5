import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';

import { useGetCourseReviewsInfiniteQuery } from '../api/catalogueApi';
import type { CourseDetail } from '../types';
import { ReplyForm } from './ReplyForm';
import { ReviewForm } from './ReviewForm';

const STARS = ['5', '4', '3', '2', '1'] as const;

/** Summary (average, count, distribution), the student's own review form, then the reviews. */
export function Reviews({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const list = useGetCourseReviewsInfiniteQuery(course.id);
  const reviews = list.data?.pages.flatMap((page) => page.reviews) ?? [];
  const { reviewsSummary: summary, viewer } = course;
  return (
    <section aria-labelledby="reviews-title" className="reviews">
      <h2 id="reviews-title">{t('learning.reviews.title')}</h2>
      {summary.count > 0 ? (
        <>
          <p>{t('learning.reviews.summary', { average: summary.average, count: summary.count })}</p>
          <div className="reviews__bars">
            {STARS.map((n) => (
              <div key={n} className="reviews__bar">
                <span>{t('learning.reviews.stars', { count: n })}</span>
                <meter
                  min={0}
                  max={summary.count}
                  value={summary.distribution[n]}
                  aria-label={t('learning.reviews.starsCount', { count: n, reviews: summary.distribution[n] })}
                />
                <span>{summary.distribution[n]}</span>
              </div>
            ))}
          </div>
        </>
      ) : (
        <p className="muted">{t('learning.reviews.none')}</p>
      )}
      {viewer.enrolled && !viewer.isTeacher ? <ReviewForm courseId={course.id} own={viewer.review} /> : null}
      <ul className="review-list">
        {reviews.map((review) => (
          <li key={review.id} className="review">
            <div className="review__head">
              <Avatar src={review.user.profileImage} name={review.user.name} size={32} />
              <strong>{review.user.name}</strong>
              <span role="img" aria-label={t('learning.card.rating', { rating: review.rating })}>
                <span aria-hidden="true" className="course-rating__star">
                  {'★'.repeat(review.rating)}
                </span>
              </span>
              <time className="muted" dateTime={review.createdAt}>
                {relative(review.createdAt)}
              </time>
              {review.editedAt ? <span className="muted">({t('learning.reviews.edited')})</span> : null}
            </div>
            {review.comment ? <p dir="auto">{review.comment}</p> : null}
            {review.reply ? (
              <div className="review__reply">
                <strong>{t('learning.reviews.teacherReply')}</strong>
                <p dir="auto">{review.reply.text}</p>
              </div>
            ) : null}
            {viewer.isTeacher ? <ReplyForm review={review} /> : null}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--quiet"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('learning.reviews.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
