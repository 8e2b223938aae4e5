import { type FormEvent, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { TextField } from '@/ui/TextField';

import { useFindStreamsQuery, useGetMemberActivityQuery } from '../api/moderationApi';
import { StreamHistory } from './StreamHistory';
import { StreamTimeline } from './StreamTimeline';

/** A member's page: every stream they acted on, newest first, each opening its history. */
function MemberActivityList({ userId, onStream }: { userId: string; onStream: (streamId: string) => void }) {
  const { t } = useTranslation();
  const activity = useGetMemberActivityQuery(userId);
  if (activity.isError) return <p role="alert">{t('moderation.failed')}</p>;
  if (!activity.data) return <p>{t('moderation.loading')}</p>;
  return (
    <section aria-labelledby="member-activity-title">
      <h3 id="member-activity-title">
        {t('moderation.audit.memberActivity', { name: activity.data.username ?? userId })}
      </h3>
      <ul className="line-list" aria-labelledby="member-activity-title">
        {activity.data.streams.map((s) => (
          <li key={s.streamId}>
            <button type="button" className="button button--quiet" onClick={() => onStream(s.streamId)}>
              <bdi dir="ltr">{s.streamId}</bdi>
            </button>{' '}
            <span className="muted">{t('moderation.audit.events', { count: s.events })}</span>
          </li>
        ))}
      </ul>
      {activity.data.truncated ? <p className="muted">{t('moderation.audit.truncated')}</p> : null}
    </section>
  );
}

/**
 * Find a stream (id, post id or link, username) and read it as members saw it at any version,
 * with its events below.
 */
export function AuditTab({
  stream,
  at,
  onStream,
}: {
  stream: string | null;
  /** The version to show (the last when null). */
  at: number | null;
  onStream: (streamId: string, version?: number | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const hits = useFindStreamsQuery(query, { skip: !query });
  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(text.trim());
  }
  const onVersion = (version: number) => stream && onStream(stream, version);
  return (
    <div>
      <form className="form moderation-search" role="search" onSubmit={submit}>
        <TextField label={t('moderation.audit.search')} value={text} onValueChange={setText} />
        <button type="submit" className="button">
          {t('moderation.audit.find')}
        </button>
      </form>
      {query && hits.data ? (
        hits.data.length === 0 ? (
          <p>{t('moderation.audit.noHits')}</p>
        ) : (
          <ul className="line-list" aria-label={t('moderation.audit.hits')}>
            {hits.data.map((hit) => (
              <li key={hit.streamId}>
                <button type="button" className="button button--quiet" onClick={() => onStream(hit.streamId)}>
                  <bdi dir="ltr">{hit.streamId}</bdi>
                </button>{' '}
                <span className="muted">{t('moderation.audit.events', { count: hit.events })}</span>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {stream ? (
        <div key={stream}>
          <h2 className="moderation-stream-title">
            <bdi dir="ltr">{stream}</bdi>
          </h2>
          <StreamHistory streamId={stream} at={at} onVersion={onVersion} onStream={onStream} />
          <StreamTimeline streamId={stream} onVersion={onVersion} />
        </div>
      ) : null}
      {stream?.startsWith('user-') ? (
        <MemberActivityList userId={stream.slice('user-'.length)} onStream={onStream} />
      ) : null}
    </div>
  );
}
