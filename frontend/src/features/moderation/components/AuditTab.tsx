import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/ui/TextField';

import {
  useFindStreamsQuery,
  useGetMemberActivityQuery,
  useGetStreamEventsQuery,
  useGetStreamStateQuery,
} from '../api/moderationApi';
import { diffStates } from '../diff';
import type { AuditEvent } from '../types';

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

function StateAsOf({ streamId, at }: { streamId: string; at: number }) {
  const { t } = useTranslation();
  const state = useGetStreamStateQuery({ streamId, at });
  if (state.isError) return <p role="alert">{t('moderation.audit.noState')}</p>;
  if (!state.data) return <p>{t('moderation.loading')}</p>;
  return (
    <pre className="moderation-json" aria-label={t('moderation.audit.stateAt', { version: at })} dir="ltr">
      {json(state.data.state)}
    </pre>
  );
}

function StateDiff({ streamId, from, to }: { streamId: string; from: number; to: number }) {
  const { t } = useTranslation();
  const a = useGetStreamStateQuery({ streamId, at: from });
  const b = useGetStreamStateQuery({ streamId, at: to });
  if (a.isError || b.isError) return <p role="alert">{t('moderation.audit.noState')}</p>;
  if (!a.data || !b.data) return <p>{t('moderation.loading')}</p>;
  const changes = diffStates(a.data.state, b.data.state);
  return (
    <table className="moderation-table" aria-label={t('moderation.audit.diffTitle', { from, to })}>
      <caption>{t('moderation.audit.diffTitle', { from, to })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('moderation.audit.field')}</th>
          <th scope="col">{t('moderation.audit.before')}</th>
          <th scope="col">{t('moderation.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.length === 0 ? (
          <tr>
            <td colSpan={3}>{t('moderation.audit.noChange')}</td>
          </tr>
        ) : (
          changes.map((c) => (
            <tr key={c.path}>
              <th scope="row" dir="ltr">
                {c.path}
              </th>
              <td dir="ltr">{json(c.before)}</td>
              <td dir="ltr">{json(c.after)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function EventItem({
  event,
  streamId,
  compared,
  onCompare,
}: {
  event: AuditEvent;
  streamId: string;
  compared: boolean;
  onCompare: (version: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [showState, setShowState] = useState(false);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(event.time),
  );
  return (
    <li className="moderation-event" aria-label={`${event.version} ${event.type}`}>
      <p>
        <strong dir="ltr">
          #{event.version} {event.type}
        </strong>{' '}
        <span className="muted">{time}</span>
      </p>
      <p className="muted">
        {t('moderation.audit.actor')}:{' '}
        {event.actor
          ? event.actor.username
            ? `@${event.actor.username}`
            : event.actor.id
          : t('moderation.audit.system')}
        {' · '}
        {t('moderation.audit.request')}: <bdi dir="ltr">{event.requestId ?? '–'}</bdi>
      </p>
      <pre className="moderation-json" dir="ltr">
        {json(event.data)}
      </pre>
      <div className="editor__actions">
        <button type="button" className="button button--quiet" onClick={() => setShowState((s) => !s)}>
          {t('moderation.audit.asOfHere')}
        </button>
        <label>
          <input type="checkbox" checked={compared} onChange={() => onCompare(event.version)} />{' '}
          {t('moderation.audit.compare')}
        </label>
      </div>
      {showState ? <StateAsOf streamId={streamId} at={event.version} /> : null}
    </li>
  );
}

function StreamTimeline({ streamId }: { streamId: string }) {
  const { t } = useTranslation();
  const [cursor, setCursor] = useState<string | null>(null);
  const page = useGetStreamEventsQuery({ streamId, cursor });
  const [compare, setCompare] = useState<number[]>([]);
  const toggle = (version: number) =>
    setCompare((c) => (c.includes(version) ? c.filter((v) => v !== version) : [...c, version].slice(-2)));
  const pair = compare.length === 2 ? [...compare].sort((a, b) => a - b) : null;
  if (page.isError) return <p role="alert">{t('moderation.failed')}</p>;
  if (!page.data) return <p>{t('moderation.loading')}</p>;
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" dir="ltr">
        {streamId}
      </h2>
      {pair ? (
        <StateDiff streamId={streamId} from={pair[0]!} to={pair[1]!} />
      ) : (
        <p className="muted">{t('moderation.audit.pickTwo')}</p>
      )}
      <ol className="moderation-timeline" aria-label={t('moderation.audit.timeline')}>
        {page.data.items.map((event) => (
          <EventItem
            key={event.version}
            event={event}
            streamId={streamId}
            compared={compare.includes(event.version)}
            onCompare={toggle}
          />
        ))}
      </ol>
      {page.data.nextCursor ? (
        <button type="button" className="button button--quiet" onClick={() => setCursor(page.data!.nextCursor)}>
          {t('moderation.more')}
        </button>
      ) : null}
    </section>
  );
}

/** A member's page: every stream they acted on, newest first, each opening its timeline. */
function MemberActivityList({ userId, onStream }: { userId: string; onStream: (streamId: string) => void }) {
  const { t } = useTranslation();
  const activity = useGetMemberActivityQuery(userId);
  if (activity.isError) return <p role="alert">{t('moderation.failed')}</p>;
  if (!activity.data) return <p>{t('moderation.loading')}</p>;
  return (
    <section aria-labelledby="member-activity-title">
      <h2 id="member-activity-title">
        {t('moderation.audit.memberActivity', { name: activity.data.username ?? userId })}
      </h2>
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

/** Find a stream (id, post id or link, username), read its events as a timeline, replay its state. */
export function AuditTab({ stream, onStream }: { stream: string | null; onStream: (streamId: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const hits = useFindStreamsQuery(query, { skip: !query });
  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(text.trim());
  }
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
      {stream ? <StreamTimeline key={stream} streamId={stream} /> : null}
      {stream?.startsWith('user-') ? (
        <MemberActivityList userId={stream.slice('user-'.length)} onStream={onStream} />
      ) : null}
    </div>
  );
}
