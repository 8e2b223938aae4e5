import { useTranslation } from '@/i18n/useTranslation';
import { MoonIcon, SunIcon } from '@/ui/icons';

import { useTheme } from '../useTheme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={theme === 'dark' ? t('header.themeToLight') : t('header.themeToDark')}
      onClick={toggle}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
