import { formatKes } from '@/i18n/money';
import { useTranslation } from '@/i18n/useTranslation';

import type { LedgerEntry, Orphan } from '../types';

/** The public ledger: every paid donation and disbursement, newest first. Anonymous donors stay unnamed. */
export function Ledger({
  entries,
  orphans,
  hasMore,
  loadingMore,
  failed,
  onMore,
}: {
  entries: LedgerEntry[] | null;
  orphans: Orphan[];
  hasMore: boolean;
  loadingMore: boolean;
  failed: boolean;
  onMore: () => void;
}) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const label = (orphanId: string | null) => {
    const orphan = orphanId ? orphans.find((o) => o.id === orphanId) : undefined;
    return orphan ? `ORP-KE-${orphan.uniqueId}` : t('support.ledger.generalFund');
  };
  return (
    <section className="support-section" aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('support.ledger.title')}</h2>
      {failed && !entries ? (
        <p role="alert">{t('support.ledger.error')}</p>
      ) : entries === null ? (
        <p className="muted">{t('support.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="muted">{t('support.ledger.empty')}</p>
      ) : (
        <ul className="ledger" aria-label={t('support.ledger.title')}>
          {entries.map((e) => (
            <li key={e.id} className={`ledger__row ledger__row--${e.kind}`}>
              <div>
                <p className="ledger__who">
                  {/* A member's name in either script: isolated, so an Arabic line neither reorders it
                      ("(Yusuf Ali (Mombasa") nor is reordered by it. */}
                  <bdi>
                    {e.kind === 'donation' && e.donor === 'Anonymous' ? t('support.ledger.anonymous') : e.donor}
                  </bdi>
                </p>
                <p className="muted">
                  {t(`support.ledger.${e.kind}`)} ·{' '}
                  {label(e.orphanId) === e.donor ? null : (
                    <>
                      <bdi>{label(e.orphanId)}</bdi> ·{' '}
                    </>
                  )}
                  <time dateTime={e.time}>{time.format(new Date(e.time))}</time>
                </p>
              </div>
              <p className="ledger__amount">
                <bdi dir="ltr">
                  {e.kind === 'disbursement' ? '−' : '+'}
                  {formatKes(e.amount, i18n.language)}
                </bdi>
              </p>
            </li>
          ))}
        </ul>
      )}
      {hasMore ? (
        <button type="button" className="button button--quiet" disabled={loadingMore} onClick={onMore}>
          {loadingMore ? t('support.ledger.loadingMore') : t('support.ledger.more')}
        </button>
      ) : null}
    </section>
  );
}
