import { useTranslation } from '@/i18n/useTranslation';

import type { AuditChange, AuditStreamState } from '../../types';
import { FieldsCard } from './FieldsCard';
import { HistoryContext } from './HistoryContext';
import { OtherChanges, PostViewCard } from './PostViewCard';

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'null';

/**
 * The stream as members saw it at one version, the fields that changed from the previous version
 * marked, and the decider's own bookkeeping folded away below it.
 */
export function HistoryCard({
  state,
  changes,
  onStream,
}: {
  state: AuditStreamState;
  changes: readonly AuditChange[];
  onStream: (streamId: string) => void;
}) {
  const { t } = useTranslation();
  const { view } = state;
  const erasedAt = view && 'erasedAt' in view ? view.erasedAt : null;
  return (
    <HistoryContext.Provider value={{ streamId: state.streamId, changes, erasedAt, onStream }}>
      <article
        className="card history-card"
        aria-label={t('moderation.view.cardTitle', {
          kind: t(`moderation.view.kind.${state.kind}`, state.kind),
          version: state.version,
        })}
      >
        {view === null ? (
          <>
            <p>{t('moderation.view.noView')}</p>
            {/* The diff compared the bookkeeping then: its changes are the only ones to show. */}
            {changes.length ? <OtherChanges changes={changes} /> : null}
          </>
        ) : view.kind === 'post' ? (
          <PostViewCard view={view} />
        ) : (
          <FieldsCard view={view} />
        )}
      </article>
      {state.state ? (
        <details className="history-raw" open={view === null}>
          <summary>{t('moderation.view.raw')}</summary>
          <pre className="moderation-json" dir="ltr">
            {json(state.state)}
          </pre>
        </details>
      ) : null}
    </HistoryContext.Provider>
  );
}
