import { useTranslation } from '@/i18n/useTranslation';

import { formatPercent } from '../format';

/** Part 2 §4: the percentage shown while the post is sent. */
export function PostingProgress({ percent }: { percent: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="compose__progress">
      <div
        className="compose__progress-track"
        role="progressbar"
        aria-label={t('compose.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="compose__progress-bar" style={{ inlineSize: `${percent}%` }} />
      </div>
      <span aria-hidden="true">{formatPercent(percent, i18n.language)}</span>
    </div>
  );
}
