import { useMemo, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { SkeletonRows } from '@/ui/SkeletonRows';

import { useConversations } from '../api';
import { useTypingInList } from '../hooks/useTypingInList';
import { filterConversations } from '../preview';
import type { ConversationView } from '../types';
import { ConversationRow } from './ConversationRow';

/** The inbox (or the archive): search by name or username, newest first. */
export function ConversationList({
  viewerId,
  selectedId,
  onOpen,
}: {
  viewerId: string;
  selectedId: string | null;
  onOpen: (conversation: ConversationView) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [archived, setArchived] = useState(false);
  const {
    conversations: all,
    isLoading,
    isError,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
  } = useConversations();
  const typing = useTypingInList(
    viewerId,
    useMemo(() => new Set(all.map((c) => c.id)), [all]),
  );
  const archivedCount = all.filter((c) => c.isArchived).length;
  const shown = filterConversations(
    all.filter((c) => c.isArchived === archived),
    query,
  );

  let body;
  if (isLoading)
    body = (
      <SkeletonRows
        count={5}
        label={t('messages.list.loading')}
        className="messages__skeleton"
        block="conversation-skeleton"
      />
    );
  else if (isError && all.length === 0)
    body = (
      <div className="messages__state" role="alert">
        <p>{t('messages.list.error')}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          {t('errors.tryAgain')}
        </button>
      </div>
    );
  else if (shown.length === 0)
    body = (
      <div className="messages__state">
        {query.trim() ? (
          <p>{t('messages.list.noMatch', { q: query.trim() })}</p>
        ) : archived ? (
          <p>{t('messages.list.archivedEmpty')}</p>
        ) : (
          <>
            <p className="messages__empty-title">{t('messages.list.empty')}</p>
            <p className="muted">{t('messages.list.emptyHint')}</p>
          </>
        )}
      </div>
    );
  else
    body = (
      <ul className="conversations" aria-label={archived ? t('messages.list.archivedTitle') : t('messages.list.label')}>
        {shown.map((c) => (
          <ConversationRow
            key={c.id}
            conversation={c}
            viewerId={viewerId}
            selected={c.id === selectedId}
            typing={typing.has(c.id)}
            onOpen={onOpen}
          />
        ))}
      </ul>
    );

  return (
    <div className="messages__list">
      <div role="search" className="messages__search">
        <input
          type="search"
          className="messages__input"
          aria-label={t('messages.search.label')}
          placeholder={t('messages.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {archived || archivedCount > 0 ? (
        <button
          type="button"
          className="button button--quiet messages__archive-toggle"
          onClick={() => setArchived(!archived)}
        >
          {archived ? t('messages.list.showInbox') : t('messages.list.showArchived', { count: archivedCount })}
        </button>
      ) : null}
      {body}
      {hasNextPage && !isLoading ? (
        <p className="messages__more">
          <button
            type="button"
            className="button button--quiet"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {t('messages.list.more')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
