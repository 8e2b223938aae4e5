import { useTranslation } from '@/i18n/useTranslation';

import type { AuditChange, PostHistoryView } from '../../types';
import { changesAt, changesBeyond } from './changes';
import { useHistoryContext } from './HistoryContext';
import { StreamLink, useDateTime, ValueView } from './ValueView';
import { ViewField } from './ViewField';

/** The post's fields this card lays out; a change anywhere else is listed after it. */
export const POST_FIELDS = [
  'visibility',
  'content',
  'hashtags',
  'mentions',
  'media',
  'imageCaptions',
  'poll',
  'quotedPostId',
  'answer',
  'type',
  'audience',
  'createdAt',
  'editedAt',
  'appeals',
  'authorId',
  'postId',
] as const;

function Visibility({ visibility }: { visibility: PostHistoryView['visibility'] }) {
  const { t } = useTranslation();
  const date = useDateTime();
  const badge = (
    <span className={`history-badge history-badge--${visibility.status}`}>
      {t(`moderation.view.value.${visibility.status}`)}
    </span>
  );
  switch (visibility.status) {
    case 'live':
      return badge;
    case 'edited':
      return (
        <>
          {badge} <time dateTime={visibility.editedAt}>{date(visibility.editedAt)}</time>
        </>
      );
    case 'hidden':
      return (
        <>
          {badge} {t('moderation.view.by')} <StreamLink kind="user" id={visibility.by} />{' '}
          <time dateTime={visibility.at}>{date(visibility.at)}</time>
          <span className="history-reason" dir="auto">
            {t('moderation.view.reason', { reason: visibility.reason })}
          </span>
        </>
      );
    case 'deleted':
      return (
        <>
          {badge} {t('moderation.view.by')} <StreamLink kind="user" id={visibility.by} />{' '}
          <time dateTime={visibility.at}>{date(visibility.at)}</time>
        </>
      );
    default:
      return badge;
  }
}

function Media({ view }: { view: PostHistoryView }) {
  const { t } = useTranslation();
  return (
    <ul className="history-media">
      {view.media.map((m, i) => {
        const alt =
          view.imageCaptions[i] ||
          t('moderation.view.mediaAlt', { n: i + 1, kind: t(`moderation.view.value.${m.kind}`) });
        return (
          <li key={m.id}>
            {m.thumbnailUrl ? (
              <img src={m.thumbnailUrl} alt={alt} loading="lazy" decoding="async" />
            ) : (
              <span className="history-media__file">{alt}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Poll({ poll }: { poll: NonNullable<PostHistoryView['poll']> }) {
  const { t } = useTranslation();
  const total = poll.options.reduce((sum, o) => sum + o.votes, 0);
  return (
    <div>
      <p dir="auto" className="history-poll__question">
        {poll.question}
      </p>
      <ol className="history-poll">
        {poll.options.map((o, i) => (
          <li key={i}>
            <span dir="auto">{o.text}</span>{' '}
            <span className="muted">{t('moderation.view.votes', { count: o.votes })}</span>
            <span className="history-poll__bar" aria-hidden="true">
              <span style={{ inlineSize: `${total ? (100 * o.votes) / total : 0}%` }} />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The author's appeals of its hidings: when, their words, and what the moderators decided. */
function Appeals({ appeals }: { appeals: PostHistoryView['appeals'] }) {
  const { t } = useTranslation();
  const date = useDateTime();
  return (
    <ol className="history-list">
      {appeals.map((a) => {
        const outcome = a.outcome;
        return (
          <li key={a.at}>
            <time dateTime={a.at}>{date(a.at)}</time>{' '}
            {a.text ? <q dir="auto">{a.text}</q> : <span className="muted">{t('moderation.appeals.noWords')}</span>}{' '}
            <span className={`history-badge history-badge--${outcome.status}`}>
              {t(`moderation.view.value.${outcome.status}`)}
            </span>
            {outcome.status === 'granted' || outcome.status === 'rejected' ? (
              <>
                {' '}
                {t('moderation.view.by')} <StreamLink kind="user" id={outcome.by} />{' '}
                <time dateTime={outcome.at}>{date(outcome.at)}</time>
                <span className="history-reason" dir="auto">
                  {t('moderation.view.reason', { reason: outcome.reason })}
                </span>
              </>
            ) : outcome.status === 'withdrawn' ? (
              <>
                {' '}
                <time dateTime={outcome.at}>{date(outcome.at)}</time>
              </>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** A post as members saw it at the version shown: its words, files, poll, quote and whether it showed. */
export function PostViewCard({ view }: { view: PostHistoryView }) {
  const { t } = useTranslation();
  const { changes } = useHistoryContext();
  const others = changesBeyond(changes, POST_FIELDS);
  // A field members did not see is left out, unless it just came or went.
  const touched = (path: string) => changesAt(changes, path).length > 0;
  return (
    <>
      <dl className="history-fields">
        <ViewField
          path="visibility"
          value={view.visibility}
          renderBefore={(before) => <Visibility visibility={before as PostHistoryView['visibility']} />}
        >
          <Visibility visibility={view.visibility} />
        </ViewField>
        <ViewField path="content">
          <p className="history-words" dir="auto">
            {view.content || <span className="muted">{t('moderation.view.none')}</span>}
          </p>
        </ViewField>
        {view.hashtags.length || touched('hashtags') ? (
          <ViewField path="hashtags" value={view.hashtags.map((tag) => `#${tag}`)} />
        ) : null}
        {view.mentions.length || touched('mentions') ? (
          <ViewField path="mentions" value={view.mentions.map((name) => `@${name}`)} />
        ) : null}
        {view.media.length || touched('media') ? (
          <ViewField path="media">
            <Media view={view} />
          </ViewField>
        ) : null}
        {view.poll || touched('poll') ? (
          <ViewField path="poll">{view.poll ? <Poll poll={view.poll} /> : undefined}</ViewField>
        ) : null}
        {view.quotedPostId || touched('quotedPostId') ? (
          <ViewField path="quotedPostId" value={view.quotedPostId} />
        ) : null}
        {view.answer || touched('answer') ? <ViewField path="answer" value={view.answer} /> : null}
        {(view.imageCaptions.length && !view.media.length) || touched('imageCaptions') ? (
          <ViewField path="imageCaptions" value={view.imageCaptions} />
        ) : null}
        <ViewField path="type" value={view.type} />
        <ViewField path="audience" value={view.audience} />
        <ViewField path="authorId" value={view.authorId} />
        <ViewField path="createdAt" value={view.createdAt} />
        {view.editedAt || touched('editedAt') ? <ViewField path="editedAt" value={view.editedAt} /> : null}
        {view.appeals.length || touched('appeals') ? (
          <ViewField path="appeals">
            <Appeals appeals={view.appeals} />
          </ViewField>
        ) : null}
      </dl>
      {others.length ? <OtherChanges changes={others} /> : null}
    </>
  );
}

/** Changes to fields the card does not lay out (a caption alone, an id), so none goes unseen. */
export function OtherChanges({ changes }: { changes: readonly AuditChange[] }) {
  const { t } = useTranslation();
  return (
    <section className="history-others" aria-label={t('moderation.view.otherChanges')}>
      <h4>{t('moderation.view.otherChanges')}</h4>
      <ul className="history-list">
        {changes.map((c) => {
          const name = c.path.split('.').at(-1)!;
          return (
            <li key={c.path}>
              <bdi dir="ltr">{c.path}</bdi>:{' '}
              <del>
                <ValueView name={name} value={c.before} />
              </del>{' '}
              {t('moderation.view.becomes')}{' '}
              <ins>
                <ValueView name={name} value={c.after} />
              </ins>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
