import type { Health } from './health';
import { useHealth } from './useHealth';
import './status.css';

const ENGINE_LABELS: ReadonlyArray<readonly [keyof Omit<Health, 'status'>, string]> = [
  ['version', 'Version'],
  ['eventStore', 'Event store'],
  ['readStore', 'Read store'],
  ['queue', 'Job queue'],
];

/** Shows whether the backend is up, and which version and storage engines it runs. */
export function StatusPanel() {
  const { state, retry } = useHealth();

  if (state.phase === 'loading') {
    return (
      <section className="status-card" aria-busy="true" aria-labelledby="status-title">
        <h2 id="status-title" className="status-card__title">
          <span className="status-dot status-dot--pending" aria-hidden="true" />
          Checking the server…
        </h2>
        <div role="status" aria-live="polite" className="visually-hidden">
          Loading server status
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
          Server unavailable
        </h2>
        <p role="alert" className="status-card__message">
          {state.message}
        </p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </section>
    );
  }

  const { health } = state;
  return (
    <section className="status-card" aria-labelledby="status-title">
      <h2 id="status-title" className="status-card__title">
        <span className="status-dot status-dot--up" aria-hidden="true" />
        All systems running
      </h2>
      <dl className="status-list">
        {ENGINE_LABELS.map(([key, label]) => (
          <div key={key} className="status-list__row">
            <dt>{label}</dt>
            <dd>
              <code>{health[key]}</code>
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button--quiet" onClick={retry}>
        Refresh
      </button>
    </section>
  );
}
