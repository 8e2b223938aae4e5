import './status.css';

import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';

import type { Health } from './health';
import { useHealth } from './useHealth';

const ENGINE_LABELS: ReadonlyArray<readonly [keyof Omit<Health, 'status'>, TranslationKey]> = [
  ['version', 'status.version'],
  ['eventStore', 'status.eventStore'],
  ['readStore', 'status.readStore'],
  ['queue', 'status.queue'],
];

/** Shows whether the backend is up, and which version and storage engines it runs. */
export function StatusPanel() {
  const { t } = useTranslation();
  const { state, retry } = useHealth();

  if (state.phase === 'loading') {
    return (
      <section className="status-card" aria-busy="true" aria-labelledby="status-title">
        <h2 id="status-title" className="status-card__title">
          <span className="status-dot status-dot--pending" aria-hidden="true" />
          {t('status.checking')}
        </h2>
        <div role="status" aria-live="polite" className="visually-hidden">
          {t('status.loading')}
        </div>
        <ul className="status-skeleton" aria-hidden="true">
          {ENGINE_LABELS.map(([key]) => (
            <li key={key} />
          ))}
        </ul>
      </section>
    );
  }

  if (state.phase === 'error') {
    return (
      <section className="status-card status-card--error" aria-labelledby="status-title">
        <h2 id="status-title" className="status-card__title">
          <span className="status-dot status-dot--down" aria-hidden="true" />
          {t('status.unavailable')}
        </h2>
        <p role="alert" className="status-card__message">
          {state.i18n ? t(state.i18n.key, state.i18n.values ?? {}) : state.message}
        </p>
        <button type="button" className="button" onClick={retry}>
          {t('status.tryAgain')}
        </button>
      </section>
    );
  }

  const { health } = state;
  return (
    <section className="status-card" aria-labelledby="status-title">
      <h2 id="status-title" className="status-card__title">
        <span className="status-dot status-dot--up" aria-hidden="true" />
        {t('status.running')}
      </h2>
      <dl className="status-list">
        {ENGINE_LABELS.map(([key, label]) => (
          <div key={key} className="status-list__row">
            <dt>{t(label)}</dt>
            <dd>
              <code>{health[key]}</code>
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button--quiet" onClick={retry}>
        {t('status.refresh')}
      </button>
    </section>
  );
}
