import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import ar from './locales/ar.json';
import { applyLanguage, detectLanguage, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './language';

export const resources = { en: { translation: en }, ar: { translation: ar } } as const;

/** The one i18next instance of the app; initialised synchronously with both bundled languages. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

applyLanguage(i18n.language);
i18n.on('languageChanged', (lng) => applyLanguage(lng));

export { applyLanguage, detectLanguage, directionOf } from './language';
export type { Language } from './language';
