import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../../../i18n/language';
import { GlobeIcon } from '../../../ui/icons';

/** Language menu: English / العربية. Each option is labelled in its own language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="menu" ref={ref} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('header.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <GlobeIcon />
      </button>
      {open ? (
        <ul className="menu__list" role="menu" id={menuId}>
          {SUPPORTED_LANGUAGES.map((lang) => (
            <li key={lang} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={i18n.language === lang}
                lang={lang}
                className="menu__item"
                onClick={() => {
                  void i18n.changeLanguage(lang);
                  setOpen(false);
                }}
              >
                {t(`language.${lang}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
