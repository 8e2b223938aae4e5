import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';

import { previewOf } from '../preview';
import type { ConversationView } from '../types';

/** One conversation in the list: avatar with online dot, name, last message by type, time, unread count. */
export function ConversationRow({
  conversation,
  viewerId,
  selected,
  typing = false,
  onOpen,
}: {
  conversation: ConversationView;
  viewerId: string;
  selected: boolean;
  /** The other member is typing here: said in place of the last message. */
  typing?: boolean;
  onOpen: (conversation: ConversationView) => void;
}) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const { user, unreadCount, isMuted } = conversation;
  const preview = previewOf(conversation, viewerId);
  const label = preview.key ? [t(preview.key), preview.text].filter(Boolean).join(' · ') : preview.text;
  return (
    <li>
      <button
        type="button"
        className={`conversation${unreadCount > 0 ? ' conversation--unread' : ''}`}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onOpen(conversation)}
      >
        <span className="conversation__avatar">
          <Avatar src={user.profileImage} name={user.name} size={48} />
          {user.isOnline ? <span className="online-dot" role="img" aria-label={t('messages.list.online')} /> : null}
        </span>
        <span className="conversation__body">
          <span className="conversation__top">
            <span className="conversation__name" dir="auto">
              {user.name}
            </span>
            <time className="conversation__time muted" dateTime={conversation.lastUpdated}>
              {relative(conversation.lastUpdated)}
            </time>
          </span>
          <span className="conversation__bottom">
            {typing ? (
              <span className="conversation__preview conversation__typing">{t('messages.list.typing')}</span>
            ) : (
              <span className="conversation__preview">
                {preview.mine ? `${t('messages.preview.youPrefix')} ` : null}
                {/* Isolated: a message in the other script must not reorder around the prefix. */}
                <bdi>{label}</bdi>
              </span>
            )}
            {isMuted ? <span className="conversation__muted">{t('messages.list.muted')}</span> : null}
            {unreadCount > 0 ? (
              <span className="conversation__unread" aria-label={t('messages.list.unread', { count: unreadCount })}>
                {unreadCount > 99 ? '99+' : unreadCount}
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}
