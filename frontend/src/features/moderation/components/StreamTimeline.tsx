import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { useGetStreamEventsQuery } from '../api/moderationApi';
import type { AuditEvent } from '../types';
import { useDateTime } from './history/ValueView';

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

function EventItem({ event, onVersion }: { event: AuditEvent; onVersion: (version: number) => void }) {
  const { t } = useTranslation();
  const date = useDateTime();
  return (
    <li className="moderation-event" aria-label={`${event.version} ${event.type}`}>
      <p>
        <strong dir="ltr">
          #{event.version} {event.type}
        </strong>{' '}
        <span className="muted">{date(event.time)}</span>
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
      <details>
        <summary>{t('moderation.audit.data')}</summary>
        <pre className="moderation-json" dir="ltr">
          {json(event.data)}
        </pre>
      </details>
      <button type="button" className="button button--quiet" onClick={() => onVersion(event.version)}>
        {t('moderation.audit.showVersion', { n: event.version + 1 })}
      </button>
    </li>
  );
}

/** The stream's events, oldest first, each able to move the history to the version it made. */
export function StreamTimeline({ streamId, onVersion }: { streamId: string; onVersion: (version: number) => void }) {
  const { t } = useTranslation();
  const [cursor, setCursor] = useState<string | null>(null);
  const page = useGetStreamEventsQuery({ streamId, cursor });
  if (page.isError) return <p role="alert">{t('moderation.failed')}</p>;
  if (!page.data) return <p>{t('moderation.loading')}</p>;
  return (
    <section aria-labelledby="timeline-title">
      <h3 id="timeline-title">{t('moderation.audit.timeline')}</h3>
      <ol className="moderation-timeline" aria-labelledby="timeline-title">
        {page.data.items.map((event) => (
          <EventItem key={event.version} event={event} onVersion={onVersion} />
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
