import { formatKes } from '@/i18n/money';
import { useTranslation } from '@/i18n/useTranslation';
import { SkeletonRows } from '@/ui/SkeletonRows';

import type { Orphan } from '../types';

/** §2: the registered orphans, shown as ORP-KE-{uniqueId} with location, status and what was raised. */
export function OrphanList({ orphans, loading, failed }: { orphans: Orphan[]; loading: boolean; failed: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="support-section" aria-labelledby="orphans-title">
      <h2 id="orphans-title">{t('support.orphans.title')}</h2>
      {loading ? (
        <SkeletonRows count={3} label={t('support.loading')} className="orphan-list" block="orphan-skeleton" />
      ) : failed ? (
        <p role="alert">{t('support.orphans.error')}</p>
      ) : orphans.length === 0 ? (
        <p className="muted">{t('support.orphans.empty')}</p>
      ) : (
        <ul className="orphan-list">
          {orphans.map((o) => {
            const goal = Number(o.goal);
            const share = goal > 0 ? Math.min(100, Math.round((Number(o.raised) / goal) * 100)) : 0;
            return (
              <li key={o.id} className="orphan card" aria-label={`ORP-KE-${o.uniqueId}`}>
                <div className="orphan__head">
                  <bdi dir="ltr" className="orphan__id">{`ORP-KE-${o.uniqueId}`}</bdi>
                  <span className={`status-badge status-badge--${o.status.toLowerCase()}`}>
                    {t(`support.status.${o.status}`)}
                  </span>
                </div>
                <p className="orphan__location">{o.location}</p>
                <p className="orphan__raised">
                  {t('support.orphans.raised', {
                    raised: formatKes(o.raised, i18n.language),
                    goal: formatKes(o.goal, i18n.language),
                  })}
                </p>
                <div className="orphan__bar" aria-hidden="true">
                  <span style={{ inlineSize: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
