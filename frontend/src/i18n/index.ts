import i18next, { type BackendModule, type ParseKeys, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { numberFormat, numberOptionsOf } from './formatters';
import { applyLanguage, detectLanguage, type Language, SUPPORTED_LANGUAGES } from './language';

export type { TranslationResources } from './resources.en';

/** A key `t` accepts (checked against the English strings when compiling). */
export type TranslationKey = ParseKeys;
/** A key under a prefix, written without it: `KeyUnder<'postDetail'>` for `t(\`postDetail.${key}\`)`. */
export type KeyUnder<Prefix extends string> = ParseKeys<'translation', TOptions, Prefix>;

/**
 * Each language's strings are a chunk of their own, fetched when that language is first used: a
 * visitor downloads one language, not both (~20 KB gzipped each). There is no fallback language to
 * fetch besides: each language has every key, every Arabic plural all six forms (locales.test.ts).
 */
const STRINGS: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('./resources.en'),
  ar: () => import('./resources.ar'),
};

const bundledStrings: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, done) {
    const load = STRINGS[language as Language];
    if (!load) return done(null, {});
    load().then(
      (strings) => done(null, strings.default as Record<string, unknown>),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The one i18next instance of the app. */
export const i18n = i18next.createInstance();

const detected = detectLanguage();
/** Settles once the detected language's strings are in (main.tsx renders after it). */
export const i18nReady: Promise<unknown> = i18n
  .use(bundledStrings)
  .use(initReactI18next)
  .init({
    lng: detected,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// `{{count, number}}` (most of our plurals): i18next's own number format keeps its formatters under
// every option of the t() call, the count among them, so it made an Intl.NumberFormat on nearly every
// call: the largest part of a header's first render on a phone. Ours are kept per language.
i18n.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: Record<string, unknown>) =>
  numberFormat(lng ?? i18n.language, numberOptionsOf(options)).format(value as number),
);

applyLanguage(detected);
i18n.on('languageChanged', (lng) => applyLanguage(lng));

export type { Language } from './language';
export { applyLanguage, detectLanguage, directionOf } from './language';
