import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { TrashIcon } from '@/ui/icons';

import { notificationSnippet, notificationText } from '../text';
import type { AppNotification } from '../types';
import { NotificationAvatar } from './NotificationAvatar';

interface Props {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
  onDelete: (notification: AppNotification, row: HTMLElement | null) => void;
}

/** One row: who, what, when, an unread marker; tap to open, a separate button to delete. */
export function NotificationItem({ notification: n, onOpen, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const relative = useRelativeTime();
  const snippet = notificationSnippet(n, i18n.language, t);
  return (
    <li className={n.isRead ? 'notification' : 'notification notification--unread'}>
      <button type="button" className="notification__open" onClick={() => onOpen(n)}>
        <NotificationAvatar notification={n} />
        <span className="notification__body">
          <span className="notification__text">{notificationText(n, t)}</span>
          {snippet ? <span className="notification__snippet">{snippet}</span> : null}
          <time className="notification__time" dateTime={n.createdAt}>
            {relative(n.createdAt)}
          </time>
        </span>
        {n.isRead ? null : (
          <span className="notification__dot">
            <span className="visually-hidden">{t('notifications.unread')}</span>
          </span>
        )}
      </button>
      <button
        type="button"
        className="icon-button notification__delete"
        aria-label={t('notifications.delete')}
        onClick={(event) => onDelete(n, event.currentTarget.closest('li'))}
      >
        <TrashIcon />
      </button>
    </li>
  );
}
