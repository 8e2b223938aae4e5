import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { useGetStreamDiffQuery, useGetStreamEventsQuery, useGetStreamStateQuery } from '../api/moderationApi';
import type { AuditChange } from '../types';
import { HistoryCard } from './history/HistoryCard';
import { type VersionFacts, VersionSlider } from './VersionSlider';

/** Fields as the card shows them: a hide moves four inner values of one field, visibility. */
const fieldsChanged = (changes: readonly AuditChange[]) => new Set(changes.map((c) => c.path.split('.')[0])).size;

/**
 * A stream as members saw it at one version (its last unless `at` says), a slider across its
 * versions, and what changed from the version before, marked in the card.
 */
export function StreamHistory({
  streamId,
  at,
  onVersion,
  onStream,
}: {
  streamId: string;
  at: number | null;
  onVersion: (version: number) => void;
  onStream: (streamId: string) => void;
}) {
  const { t } = useTranslation();
  // `data` keeps the version on screen while the next one loads, so the card does not blink.
  const state = useGetStreamStateQuery({ streamId, at });
  const shown = state.data?.streamId === streamId ? state.data : undefined;
  const diff = useGetStreamDiffQuery(
    shown && shown.version > 0 ? { streamId, from: shown.version - 1, to: shown.version } : skipToken,
  );
  const events = useGetStreamEventsQuery({ streamId, cursor: null });
  const items = events.data?.items;
  const factsOf = useCallback(
    (version: number): VersionFacts | null => {
      const event = items?.find((e) => e.version === version);
      if (event) return { type: event.type, time: event.time };
      return shown?.version === version ? { type: null, time: shown.time } : null;
    },
    [items, shown],
  );
  // 404: a stream with events only (no view, no decider); anything else: a version it does not have.
  const failure =
    state.error && 'status' in state.error && state.error.status === 404
      ? t('moderation.audit.noState')
      : t('moderation.failed');
  if (state.isError && !shown) return <p role="alert">{failure}</p>;
  if (!shown) return <p>{t('moderation.loading')}</p>;
  const changes = diff.data?.to.version === shown.version ? diff.data.changes : [];
  const summary =
    shown.version === 0
      ? t('moderation.history.first')
      : diff.data?.to.version !== shown.version
        ? t('moderation.loading')
        : changes.length === 0
          ? t('moderation.history.noChange', { n: shown.version })
          : t('moderation.history.changed', { count: fieldsChanged(changes), n: shown.version });
  return (
    <section className="history" aria-labelledby="history-title" aria-busy={state.isFetching || diff.isFetching}>
      <h3 id="history-title">{t('moderation.history.title')}</h3>
      <VersionSlider version={shown.version} lastVersion={shown.lastVersion} factsOf={factsOf} onVersion={onVersion} />
      <p className="history-summary" role="status">
        {summary}
      </p>
      {state.isError ? <p role="alert">{failure}</p> : null}
      <HistoryCard state={shown} changes={changes} onStream={onStream} />
    </section>
  );
}
