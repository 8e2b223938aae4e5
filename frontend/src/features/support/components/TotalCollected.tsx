import { formatKes } from '@/i18n/money';
import { useTranslation } from '@/i18n/useTranslation';

import { useCountUp } from '../hooks/useCountUp';
import { COUNTER_MS } from '../types';

/** The total collected (paid donations), counting up over about 2 s; screen readers get the final figure. */
export function TotalCollected({ collected, total }: { collected: string | null; total: string | null }) {
  const { t, i18n } = useTranslation();
  const target = collected === null ? null : Number(collected);
  const shown = useCountUp(target, COUNTER_MS);
  return (
    <section className="support-total card" aria-labelledby="support-total-title">
      <h2 id="support-total-title" className="support-total__label">
        {t('support.total.collected')}
      </h2>
      <p className="support-total__value" aria-hidden="true" data-testid="total-counter">
        {shown === null ? '–' : formatKes(Math.round(shown), i18n.language)}
      </p>
      {collected !== null ? <p className="visually-hidden">{formatKes(collected, i18n.language)}</p> : null}
      {total !== null ? (
        <p className="muted support-total__balance">
          {t('support.total.balance', { amount: formatKes(total, i18n.language) })}
        </p>
      ) : null}
    </section>
  );
}
