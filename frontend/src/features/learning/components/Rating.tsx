import { useTranslation } from '@/i18n/useTranslation';

/** '★ 4.7 · 1,204 students' */
export function Rating({ rating, students }: { rating: string; students: number }) {
  const { t } = useTranslation();
  return (
    <span className="course-rating">
      {/* role img: a name on a plain span is not allowed (axe aria-prohibited-attr). */}
      <span role="img" aria-label={t('learning.card.rating', { rating })}>
        <span aria-hidden="true" className="course-rating__star">
          ★
        </span>{' '}
        <span aria-hidden="true">{rating}</span>
      </span>
      <span className="course-rating__students">{t('learning.card.students', { count: students })}</span>
    </span>
  );
}
