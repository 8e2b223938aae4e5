import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';

import { notificationsTabLabel, UnreadBadge, useUnreadCount } from '@/features/notifications';
import { useSession } from '@/resources/session';
import { BellIcon, BookIcon, ChatIcon, HeartIcon, HomeIcon, PlusIcon, SearchIcon, VideoIcon } from '@/ui/icons';

export const TABS = [
  { to: '/home', label: 'nav.home', Icon: HomeIcon },
  { to: '/search', label: 'nav.search', Icon: SearchIcon },
  { to: '/videos', label: 'nav.videos', Icon: VideoIcon },
  { to: '/learning', label: 'nav.learn', Icon: BookIcon },
  { to: '/support', label: 'nav.support', Icon: HeartIcon },
  { to: '/notifications', label: 'nav.notifications', Icon: BellIcon },
  { to: '/messages', label: 'nav.messages', Icon: ChatIcon },
] as const;

/** The seven tabs (Notifications with its live unread count) and the floating create-post button. */
export function BottomBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const unread = useUnreadCount();
  return (
    <>
      <button
        type="button"
        className="fab"
        aria-label={t('header.createPost')}
        onClick={() => navigate(user ? '/compose' : '/auth')}
      >
        <PlusIcon />
      </button>
      <nav className="bottom-bar" aria-label={t('nav.primary')}>
        <ul>
          {TABS.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} className="bottom-bar__tab">
                <Icon />
                {to === '/notifications' && unread > 0 ? (
                  // The count's name in hidden text beside the visible label, not an aria-label
                  // leaving out the visible badge (axe's label-content-name-mismatch, WCAG 2.5.3).
                  <>
                    <UnreadBadge count={unread} />
                    <span className="bottom-bar__label" aria-hidden="true">
                      {t(label)}
                    </span>
                    <span className="visually-hidden">{notificationsTabLabel(t, unread)}</span>
                  </>
                ) : (
                  <span className="bottom-bar__label">{t(label)}</span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
