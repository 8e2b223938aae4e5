import { useTranslation } from '@/i18n/useTranslation';

const STEPS = ['give', 'verify', 'deliver', 'report'] as const;

/** §2 'how it works': from a gift to the public ledger. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="support-section" aria-labelledby="how-title">
      <h2 id="how-title">{t('support.how.title')}</h2>
      <ol className="how-steps">
        {STEPS.map((step) => (
          <li key={step} className="card">
            <p className="how-steps__title">{t(`support.how.${step}.title`)}</p>
            <p className="muted">{t(`support.how.${step}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
