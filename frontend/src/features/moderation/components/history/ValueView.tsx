import { formatKes } from '@/i18n/money';
import { useTranslation } from '@/i18n/useTranslation';

import { useHistoryContext } from './HistoryContext';

const MONEY = new Set(['amount', 'price', 'total', 'promoPrice']);
const PICTURES = new Set(['avatarUrl', 'bannerUrl', 'thumbnailUrl']);
/** Values that are one of a few words members know (statuses, roles, kinds): shown translated. */
const WORDS = new Set(['status', 'type', 'audience', 'role', 'method', 'kind', 'messageType']);
/** Ids that name another stream whose history a moderator may want next. */
const STREAM_OF: Record<string, string> = {
  authorId: 'user',
  userId: 'user',
  teacherId: 'user',
  buyerId: 'user',
  donorId: 'user',
  senderId: 'user',
  receiverId: 'user',
  startedBy: 'user',
  by: 'user',
  moderatorId: 'user',
  participants: 'user',
  postId: 'post',
  quotedPostId: 'post',
  commentId: 'comment',
  courseId: 'course',
  conversationId: 'conversation',
  messageId: 'message',
  replyToId: 'message',
  orderId: 'order',
  donationId: 'donation',
};

const isTime = (key: string) => key === 'at' || key === 'until' || key.endsWith('At');

/** A field's name in the moderator's language (unknown names, such as a member id in a map, as they are). */
export function useFieldLabel() {
  const { t } = useTranslation();
  return (key: string) => (/^\d+$/.test(key) ? `#${Number(key) + 1}` : t(`moderation.view.field.${key}`, key));
}

export function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}

/** An id that opens its stream's history, unless it is the stream already shown. */
export function StreamLink({ kind, id }: { kind: string; id: string }) {
  const { onStream, streamId } = useHistoryContext();
  const target = `${kind}-${id}`;
  if (target === streamId) return <bdi dir="ltr">{id}</bdi>;
  return (
    <button type="button" className="history-link" onClick={() => onStream(target)}>
      <bdi dir="ltr">{id}</bdi>
    </button>
  );
}

export function ErasedMark() {
  const { t } = useTranslation();
  const { erasedAt } = useHistoryContext();
  const date = useDateTime();
  return (
    <span className="history-erased">
      {erasedAt ? t('moderation.view.erasedAt', { date: date(erasedAt) }) : t('moderation.view.erased')}
    </span>
  );
}

/**
 * One value of a view, readable: money in shillings, times in the moderator's language, ids that
 * open their stream, pictures small, lists and records laid out by their fields' names.
 */
export function ValueView({ name, value }: { name: string; value: unknown }) {
  const { t, i18n } = useTranslation();
  const label = useFieldLabel();
  const date = useDateTime();
  if (value === 'erased') return <ErasedMark />;
  if (value === null || value === undefined) return <span className="muted">{t('moderation.view.none')}</span>;
  if (typeof value === 'boolean') return <>{t(value ? 'moderation.view.yes' : 'moderation.view.no')}</>;
  if (typeof value === 'number') {
    if (MONEY.has(name)) return <>{formatKes(value / 100, i18n.language)}</>;
    if (name === 'durationSec') return <>{t('moderation.view.minutes', { count: Math.round(value / 60) })}</>;
    return <>{new Intl.NumberFormat(i18n.language).format(value)}</>;
  }
  if (typeof value === 'string') {
    if (STREAM_OF[name]) return <StreamLink kind={STREAM_OF[name]} id={value} />;
    if (isTime(name)) return <time dateTime={value}>{date(value)}</time>;
    if (PICTURES.has(name))
      return <img className="history-thumb" src={value} alt={label(name)} loading="lazy" decoding="async" />;
    if (WORDS.has(name)) return <>{t(`moderation.view.value.${value}`, value)}</>;
    if (name === 'website' || name === 'url') return <bdi dir="ltr">{value}</bdi>;
    return <bdi dir="auto">{value}</bdi>;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">{t('moderation.view.empty')}</span>;
    return (
      <ul className="history-list">
        {value.map((item, i) => (
          <li key={i}>
            <ValueView name={name} value={item} />
          </li>
        ))}
      </ul>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return (
    <dl className="history-record">
      {entries.map(([key, inner]) => (
        <div key={key}>
          <dt>{name === 'members' ? <StreamLink kind="user" id={key} /> : label(key)}</dt>
          <dd>
            <ValueView name={key} value={inner} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
