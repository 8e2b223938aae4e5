import { useTranslation } from '@/i18n/useTranslation';

import { SUPPORTED_LANGUAGES } from '../i18n/language';
import { GlobeIcon } from './icons';
import { ActionMenu } from './menu/ActionMenu';

/** Language menu: English / العربية. Each option is labelled in its own language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <ActionMenu
      buttonLabel={t('header.language')}
      icon={<GlobeIcon />}
      actions={SUPPORTED_LANGUAGES.map((lang) => ({
        key: lang,
        label: t(`language.${lang}`),
        lang,
        checked: i18n.language === lang,
        onSelect: () => void i18n.changeLanguage(lang),
      }))}
    />
  );
}
