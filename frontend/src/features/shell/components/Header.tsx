import { Link } from 'react-router-dom';

import { CartLink } from '@/features/learning';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { Avatar } from '@/ui/Avatar';
import { SearchIcon } from '@/ui/icons';
import { LanguageMenu } from '@/ui/LanguageMenu';

import { ThemeToggle } from './ThemeToggle';

export function Header({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <header className="header">
      <button
        type="button"
        className="icon-button"
        aria-label={t('header.openMenu')}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onOpenMenu}
      >
        <Avatar src={user?.avatarUrl ?? user?.profileImage} name={user?.displayName} />
      </button>
      {/* On the narrowest phones the mark stands for the name, which would otherwise be cut short. */}
      <Link to="/" className="header__brand" aria-label={t('app.brand')}>
        <span className="header__mark" aria-hidden="true" />
        <span className="header__name">{t('app.brand')}</span>
      </Link>
      <div className="header__actions">
        <Link to="/search" className="icon-button" aria-label={t('header.search')}>
          <SearchIcon />
        </Link>
        <CartLink />
        <LanguageMenu />
        <ThemeToggle />
      </div>
    </header>
  );
}
