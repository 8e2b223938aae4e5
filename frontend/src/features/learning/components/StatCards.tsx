import { useTranslation } from '@/i18n/useTranslation';

import { useGetCourseStatsQuery } from '../api/catalogueApi';
import { formatCount } from '../format';

const STATS = ['courses', 'students', 'instructors', 'free'] as const;

/** §2: number of courses, total students, distinct instructors, free courses. */
export function StatCards() {
  const { t, i18n } = useTranslation();
  const { data } = useGetCourseStatsQuery();
  return (
    <dl className="stat-cards" aria-label={t('learning.stats.label')}>
      {STATS.map((key) => (
        <div key={key} className="stat-card">
          <dt className="stat-card__label">{t(`learning.stats.${key}`)}</dt>
          <dd className="stat-card__value">{data ? formatCount(data[key], i18n.language) : '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
