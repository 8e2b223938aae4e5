import { useTranslation } from '@/i18n/useTranslation';

import type { Auditor } from '../types';

/** 'Islamic Relief Kenya' → 'IR': the badge shown when an auditor has no logo. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** §2 'Audited By': who checks the accounts, when last, and their ISO / government standing. */
export function AuditorList({ auditors }: { auditors: Auditor[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <section className="support-section" aria-labelledby="auditors-title">
      <h2 id="auditors-title">{t('support.auditors.title')}</h2>
      {auditors.length === 0 ? (
        <p className="muted">{t('support.auditors.empty')}</p>
      ) : (
        <ul className="auditor-list">
          {auditors.map((a) => (
            <li key={a.id} className="auditor card">
              {a.logo ? (
                <img className="auditor__logo" src={a.logo} alt="" width={48} height={48} />
              ) : (
                <span className="auditor__logo auditor__initials" aria-hidden="true">
                  {initials(a.name)}
                </span>
              )}
              <div>
                <p className="auditor__name" dir="auto">
                  {a.name}
                </p>
                <p className="muted">
                  {t('support.auditors.lastAudit', { date: date.format(new Date(`${a.lastAuditDate}T00:00:00Z`)) })}
                </p>
                <p className="auditor__badges">
                  {a.isoCertified ? <span className="badge">{t('support.auditors.iso')}</span> : null}
                  {a.governmentApproved ? <span className="badge">{t('support.auditors.government')}</span> : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
