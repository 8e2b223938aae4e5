import { Link, useNavigate } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { useGetProfileQuery } from '@/resources/profiles';
import { isStaff, useLogoutMutation, useSession } from '@/resources/session';
import { Avatar } from '@/ui/Avatar';
import { useDialogFocus } from '@/ui/dialog';
import { CloseIcon } from '@/ui/icons';

/** The side menu dialog: Escape closes it, focus stays inside and returns to the opener (useDialogFocus). */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [logout] = useLogoutMutation();
  const { data: profile } = useGetProfileQuery(user?.username ?? '', { skip: !open || !user });

  const { ref: panel, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose, { active: open });

  if (!open) return null;

  const go = (to: string) => () => {
    onClose();
    void navigate(to);
  };
  const counts = profile?.counts;

  return (
    <div className="side-menu__backdrop" onClick={onClose}>
      <div
        id="side-menu"
        ref={panel}
        className="side-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('menu.title')}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="icon-button side-menu__close" aria-label={t('menu.close')} onClick={onClose}>
          <CloseIcon />
        </button>
        {user ? (
          <>
            <div className="side-menu__identity">
              <Avatar src={user.avatarUrl ?? user.profileImage} name={user.displayName} size={56} />
              <p className="side-menu__name">{user.displayName}</p>
              <p className="muted">
                <bdi dir="ltr">@{user.username}</bdi>
              </p>
              <Link to={`/profile/${user.username}?edit=1`} className="link-button" onClick={onClose}>
                {t('nav.editProfile')}
              </Link>
              {counts && typeof counts.followers === 'number' && typeof counts.following === 'number' ? (
                <p className="side-menu__counts">
                  <Link to={`/profile/${user.username}?tab=followers`} onClick={onClose}>
                    {t('menu.followersCount', { count: counts.followers })}
                  </Link>
                  <Link to={`/profile/${user.username}?tab=following`} onClick={onClose}>
                    {t('menu.followingCount', { count: counts.following })}
                  </Link>
                </p>
              ) : null}
            </div>
            <ul className="side-menu__list">
              <li>
                <button type="button" onClick={go(`/profile/${user.username}`)}>
                  {t('nav.profile')}
                </button>
              </li>
              <li>
                <button type="button" onClick={go('/search?find=people')}>
                  {t('menu.findUsers')}
                </button>
              </li>
              <li>
                <button type="button" onClick={go('/bookmarks')}>
                  {t('nav.bookmarks')}
                </button>
              </li>
              <li>
                <button type="button" onClick={go('/communities')}>
                  {t('nav.communities')}
                </button>
              </li>
              {isStaff(user.role) ? (
                <li>
                  <button type="button" onClick={go('/moderation')}>
                    {t('nav.moderation')}
                  </button>
                </li>
              ) : null}
              <li>
                <button type="button" onClick={go('/account-settings')}>
                  {t('nav.settingsPrivacy')}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => {
                    onClose();
                    void logout();
                    void navigate('/');
                  }}
                >
                  {t('menu.logOut')}
                </button>
              </li>
            </ul>
          </>
        ) : (
          <>
            <p className="side-menu__name">{t('menu.browseAsGuest')}</p>
            <ul className="side-menu__list">
              <li>
                <button type="button" onClick={go('/home')}>
                  {t('menu.explorePosts')}
                </button>
              </li>
              <li>
                <button type="button" onClick={go('/search?find=people')}>
                  {t('menu.findUsers')}
                </button>
              </li>
              <li>
                <button type="button" onClick={go('/communities')}>
                  {t('menu.joinCommunities')}
                </button>
              </li>
              <li>
                <button type="button" onClick={go('/learning')}>
                  {t('menu.learning')}
                </button>
              </li>
            </ul>
            <div className="side-menu__auth">
              <button type="button" className="button button--block" onClick={go('/auth')}>
                {t('menu.signIn')}
              </button>
              <button type="button" className="button button--quiet button--block" onClick={go('/auth')}>
                {t('menu.signUp')}
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
