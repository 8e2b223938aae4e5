import { dateTimeFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';

import { MEDIA_LABEL_KEYS } from '../preview';
import { tickOf } from '../ticks';
import type { MessageType, MessageView, PendingMessage } from '../types';
import { MessageMedia } from './MessageMedia';
import { Tick } from './Tick';

export type ChatItem = MessageView | PendingMessage;
export const isPending = (item: ChatItem): item is PendingMessage => 'tempId' in item;
export const itemKey = (item: ChatItem) => (isPending(item) ? item.tempId : item.id);

/** A quoted message's words, or its kind's label when it has none (a photo, a voice message). */
function QuoteText({ content, messageType }: { content: string; messageType: MessageType }) {
  const { t } = useTranslation();
  if (content.trim())
    return (
      <span className="bubble__quote-text" dir="auto">
        {content}
      </span>
    );
  return <span className="bubble__quote-text">{messageType === 'text' ? '' : t(MEDIA_LABEL_KEYS[messageType])}</span>;
}

export interface BubbleActions {
  onReply: (message: MessageView) => void;
  onStar: (message: MessageView) => void;
  /** Only a message the other member sent can be reported (the server: only its recipient). */
  onReport: (message: MessageView) => void;
  onRetry: (tempId: string) => void;
  onDiscard: (tempId: string) => void;
}

/** One message: the quoted original of a reply, the file, the words, its time of day, and own ticks. */
export function MessageBubble({
  item,
  viewerId,
  actions,
}: {
  item: ChatItem;
  viewerId: string;
  actions: BubbleActions;
}) {
  const { t, i18n } = useTranslation();
  const pending = isPending(item);
  const mine = pending || item.senderId === viewerId;
  const tick = tickOf(item, viewerId);
  const quoted = item.replyTo;
  // Only the time: the day is the separator's above (ChatView).
  const time = dateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(new Date(item.createdAt));
  return (
    <li className={`bubble-row${mine ? ' bubble-row--mine' : ''}`}>
      <article
        className={`bubble${mine ? ' bubble--mine' : ''}${pending && item.status === 'failed' ? ' bubble--failed' : ''}`}
        aria-label={mine ? t('messages.message.mine') : t('messages.message.from', { name: item.sender.name })}
      >
        {quoted ? (
          <blockquote className="bubble__quote" aria-label={t('messages.message.quote', { name: quoted.sender.name })}>
            <span className="bubble__quote-name">
              {quoted.sender.id === viewerId ? t('messages.message.you') : quoted.sender.name}
            </span>
            <QuoteText content={quoted.content} messageType={quoted.messageType} />
          </blockquote>
        ) : null}
        {pending ? (
          item.file || item.upload ? (
            <p className="bubble__media-state">
              {item.messageType === 'audio'
                ? t('messages.message.voice')
                : t('messages.composer.attachment', { name: item.upload?.name ?? item.file?.name ?? '' })}
            </p>
          ) : null
        ) : (
          <MessageMedia message={item} />
        )}
        {pending && item.status === 'failed' && item.error ? <p className="bubble__error">{item.error}</p> : null}
        {item.content ? (
          <p className="bubble__text" dir="auto">
            {item.content}
          </p>
        ) : null}
        <p className="bubble__meta">
          <time dateTime={item.createdAt}>{time}</time>
          {!pending && item.isStarred ? (
            <span className="bubble__star" role="img" aria-label={t('messages.message.starred')}>
              ★
            </span>
          ) : null}
          {tick ? <Tick state={tick} /> : null}
        </p>
        <div className="bubble__actions">
          {pending ? (
            item.status === 'failed' ? (
              <>
                <button type="button" className="link-button" onClick={() => actions.onRetry(item.tempId)}>
                  {t('messages.message.retry')}
                </button>
                <button type="button" className="link-button" onClick={() => actions.onDiscard(item.tempId)}>
                  {t('messages.message.discard')}
                </button>
              </>
            ) : null
          ) : (
            <>
              <button type="button" className="link-button" onClick={() => actions.onReply(item)}>
                {t('messages.message.reply')}
              </button>
              <button type="button" className="link-button" onClick={() => actions.onStar(item)}>
                {item.isStarred ? t('messages.message.unstar') : t('messages.message.star')}
              </button>
              {mine ? null : (
                <button type="button" className="link-button" onClick={() => actions.onReport(item)}>
                  {t('messages.message.report')}
                </button>
              )}
            </>
          )}
        </div>
      </article>
    </li>
  );
}
