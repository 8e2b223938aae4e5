import { useSyncExternalStore } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';

import { notificationsTabLabel, UnreadBadge, useUnreadCount } from '@/features/notifications';
import { useTranslation } from '@/i18n/useTranslation';
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

/**
 * Seven tabs share a phone's width (45 px each at 320 px): 'Notifications' is said shorter there, and
 * in full where the tabs become the side navigation (at 64rem, as in global.css).
 */
const SHORT: Partial<Record<(typeof TABS)[number]['label'], 'nav.short.notifications'>> = {
  'nav.notifications': 'nav.short.notifications',
};
const SIDE_NAVIGATION = '(min-width: 64rem)';

function subscribeToWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(SIDE_NAVIGATION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(SIDE_NAVIGATION).matches;

/** The seven tabs (Notifications with its live unread count) and the floating create-post button. */
export function BottomBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const unread = useUnreadCount();
  const wide = useSyncExternalStore(subscribeToWidth, isWide);
  const word = (label: (typeof TABS)[number]['label']) => {
    const short = SHORT[label];
    return t(short && !wide ? short : label);
  };
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
                      {word(label)}
                    </span>
                    <span className="visually-hidden">{notificationsTabLabel(t, unread, word(label))}</span>
                  </>
                ) : (
                  <span className="bottom-bar__label">{word(label)}</span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
