import './chat-day.css';

import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useReportDialog } from '@/features/posts';
import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';
import { ChevronStartIcon } from '@/ui/icons';
import { ActionMenu } from '@/ui/menu/ActionMenu';
import { SkeletonRows } from '@/ui/SkeletonRows';
import { useToast } from '@/ui/toast';

import {
  useGetMessagesInfiniteQuery,
  useSetArchivedMutation,
  useSetMutedMutation,
  useStarMessageMutation,
} from '../api';
import { dayLabel, groupByDay } from '../days';
import { useChatPushes } from '../hooks/useChatPushes';
import type { Outbox } from '../hooks/useOutbox';
import { useTyping } from '../hooks/useTyping';
import type { ConversationView, MessageView } from '../types';
import { Composer } from './Composer';
import { type ChatItem, itemKey, MessageBubble } from './MessageBubble';

/**
 * Spec part 2 §2 Chat view: the conversation's messages by the reader's day, each day's grouped by
 * sender and 5-minute gaps, the other member's typing, ticks on own messages, replies, files and
 * voice, mute and archive, and reporting a message the other member sent.
 */
export function ChatView({
  conversation,
  viewerId,
  outbox,
  onBack,
}: {
  conversation: ConversationView;
  viewerId: string;
  /** Messages on their way (the screen's, so they outlive this view). */
  outbox: Outbox;
  /** Shown as a back button (the list on a phone, or /messages from the standalone page). */
  onBack?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const relative = useRelativeTime();
  const { id, user } = conversation;
  const query = useGetMessagesInfiniteQuery(id);
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = query;
  const typing = useTyping(id, viewerId);
  useChatPushes(conversation, id, viewerId);
  const [replying, setReplyTo] = useState<MessageView | null>(null);
  const replyTo = replying?.conversationId === id ? replying : null;
  const [star] = useStarMessageMutation();
  const [setMuted] = useSetMutedMutation();
  const [setArchived] = useSetArchivedMutation();
  const report = useReportDialog();
  const end = useRef<HTMLDivElement>(null);

  // Pages run newest first; each page runs oldest to newest. A message can move across a page edge
  // between two fetches, so each is shown once.
  const seen = new Set<string>();
  const sent = [...(data?.pages ?? [])]
    .reverse()
    .flatMap((page) => page.messages)
    .filter((m) => !seen.has(m.id) && Boolean(seen.add(m.id)));
  const items: ChatItem[] = [...sent, ...outbox.pending.filter((m) => m.conversationId === id)];
  const days = groupByDay(items);
  const lastKey = items.length > 0 ? itemKey(items[items.length - 1]!) : '';

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastKey, typing.otherTyping]);

  const act = (run: () => Promise<unknown>) => {
    run().catch(() => toast(t('messages.chat.actionFailed'), 'error'));
  };

  const presence = user.isOnline
    ? t('messages.chat.online')
    : user.lastSeen
      ? t('messages.chat.lastSeen', { time: relative(user.lastSeen) })
      : t('messages.chat.offline');

  let log;
  if (isLoading)
    log = (
      <SkeletonRows
        count={4}
        label={t('messages.chat.loading')}
        className="chat__skeleton"
        block="conversation-skeleton"
      />
    );
  else if (isError && !data)
    log = (
      <div className="messages__state" role="alert">
        <p>{t('messages.chat.error')}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          {t('errors.tryAgain')}
        </button>
      </div>
    );
  else if (items.length === 0) log = <p className="messages__state muted">{t('messages.chat.empty')}</p>;
  else
    log = (
      <>
        {hasNextPage ? (
          <p className="chat__earlier">
            <button
              type="button"
              className="button button--quiet"
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? t('messages.chat.loadingEarlier') : t('messages.chat.earlier')}
            </button>
          </p>
        ) : null}
        <ol className="chat__groups">
          {days.flatMap((day) => [
            // A heading in the list, not a role="separator" item: a separator's text is not read out,
            // and a list's items may not take another role (axe: list).
            <li key={`day-${itemKey(day.groups[0]!.items[0]!)}`} className="chat__day">
              <h2 className="chat__day-label">
                <time dateTime={day.day}>{dayLabel(day.startedAt, t, i18n.language)}</time>
              </h2>
            </li>,
            ...day.groups.map((group) => {
              const first = group.items[0]!;
              const mine = 'tempId' in first || group.senderId === viewerId;
              return (
                <li key={itemKey(first)} className={`chat-group${mine ? ' chat-group--mine' : ''}`}>
                  {mine ? null : (
                    <p className="chat-group__head">
                      <Avatar src={user.profileImage} name={user.name} size={28} />
                    </p>
                  )}
                  <ul className="chat-group__items">
                    {group.items.map((item) => (
                      <MessageBubble
                        key={itemKey(item)}
                        item={item}
                        viewerId={viewerId}
                        actions={{
                          onReply: setReplyTo,
                          onStar: (m) => act(() => star({ message: m, starred: !m.isStarred }).unwrap()),
                          onReport: (m) => report.open({ type: 'message', id: m.id }),
                          onRetry: outbox.retry,
                          onDiscard: outbox.discard,
                        }}
                      />
                    ))}
                  </ul>
                </li>
              );
            }),
          ])}
        </ol>
      </>
    );

  return (
    <section className="chat" aria-label={user.name}>
      <header className="chat__header">
        {onBack ? (
          <button
            type="button"
            className="icon-button chat__back"
            aria-label={t('messages.chat.back')}
            onClick={onBack}
          >
            <ChevronStartIcon />
          </button>
        ) : null}
        <span className="conversation__avatar">
          <Avatar src={user.profileImage} name={user.name} size={40} />
          {user.isOnline ? <span className="online-dot" aria-hidden="true" /> : null}
        </span>
        <span className="chat__who">
          {user.username ? (
            <Link
              to={`/profile/${encodeURIComponent(user.username)}`}
              className="chat__name"
              dir="auto"
              aria-label={t('messages.chat.profile', { name: user.name })}
            >
              {user.name}
            </Link>
          ) : (
            <span className="chat__name" dir="auto">
              {user.name}
            </span>
          )}
          <span className="muted chat__presence">
            {presence}
            {conversation.isMuted ? ` · ${t('messages.chat.mutedNotice')}` : ''}
          </span>
        </span>
        <ActionMenu
          buttonLabel={t('messages.chat.options')}
          actions={[
            {
              key: 'mute',
              label: conversation.isMuted ? t('messages.chat.unmute') : t('messages.chat.mute'),
              onSelect: () => act(() => setMuted({ id, muted: !conversation.isMuted }).unwrap()),
            },
            {
              key: 'archive',
              label: conversation.isArchived ? t('messages.chat.unarchive') : t('messages.chat.archive'),
              onSelect: () => act(() => setArchived({ id, archived: !conversation.isArchived }).unwrap()),
            },
          ]}
        />
      </header>
      <div
        className="chat__log"
        role="log"
        aria-label={t('messages.chat.log', { name: user.name })}
        aria-busy={isLoading}
      >
        {log}
        {typing.otherTyping ? (
          <p className="chat__typing" role="status">
            {t('messages.chat.typing', { name: user.name })}
          </p>
        ) : null}
        <div ref={end} />
      </div>
      {report.dialog}
      <Composer
        key={id}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onTyping={typing.typed}
        onSend={(message) => {
          typing.stopTyping();
          outbox.send(id, message);
        }}
      />
    </section>
  );
}
