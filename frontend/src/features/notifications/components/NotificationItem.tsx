import { useTranslation } from 'react-i18next';

import { useRelativeTime } from '@/i18n/useRelativeTime';
import { Avatar } from '@/ui/Avatar';
import { TrashIcon } from '@/ui/icons';

import { notificationText } from '../text';
import type { AppNotification } from '../types';

interface Props {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
  onDelete: (notification: AppNotification, row: HTMLElement | null) => void;
}

/** Notices from the platform itself: they show its mark, whoever on the staff sent them. */
const FROM_THE_APP = new Set(['admin_announcement', 'app_update']);
const APP_MARK = '/icons/icon-192.png';

/** One row: who, what, when, an unread marker; tap to open, a separate button to delete. */
export function NotificationItem({ notification: n, onOpen, onDelete }: Props) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <li className={n.isRead ? 'notification' : 'notification notification--unread'}>
      <button type="button" className="notification__open" onClick={() => onOpen(n)}>
        {FROM_THE_APP.has(n.type) ? (
          <Avatar src={APP_MARK} size={40} />
        ) : (
          <Avatar src={n.actor?.profileImage} name={n.actor?.name} size={40} />
        )}
        <span className="notification__body">
          <span className="notification__text">{notificationText(n, t)}</span>
          {n.content ? <span className="notification__snippet">{n.content}</span> : null}
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
