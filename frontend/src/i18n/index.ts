import i18next, { type BackendModule, type ParseKeys, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { loadArabicFace, startArabicFace } from './arabicFace';
import { LAZY_STRINGS, type LazyStrings, want, wantedStrings } from './featureStrings';
import { formatNumberValue } from './formatters';
import { applyLanguage, detectLanguage, type Language, SUPPORTED_LANGUAGES } from './language';

export type { LazyStrings } from './featureStrings';
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
    // With the strings of any screen already open that fetches its own (featureStrings.ts).
    Promise.all([load(), wantedStrings(language as Language)]).then(
      ([strings, features]) => done(null, { ...(strings.default as Record<string, unknown>), ...features }),
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
  formatNumberValue(value, lng ?? i18n.language, options),
);

/**
 * Loads a screen's module together with its strings (LAZY_STRINGS), in every language loaded so
 * far; a language loaded later brings them along. Routes wrap such screens' lazy imports in it.
 */
export async function withStrings<T>(feature: LazyStrings, load: () => Promise<T>): Promise<T> {
  want(feature);
  const loaded = SUPPORTED_LANGUAGES.filter((language) => i18n.hasResourceBundle(language, 'translation'));
  const add = async (language: Language) => {
    const strings = (await LAZY_STRINGS[feature][language]()).default;
    i18n.addResourceBundle(language, 'translation', { [feature]: strings }, true, true);
  };
  const [module] = await Promise.all([load(), ...loaded.map(add)]);
  return module;
}

applyLanguage(detected);
i18n.on('languageChanged', (lng) => applyLanguage(lng));
// The Arabic face: after the first screen on a first visit; at once for a reader who switches to Arabic
// (i18next also says languageChanged while it starts, hence after i18nReady).
if (detected === 'ar') void startArabicFace().catch(() => undefined);
void i18nReady.then(() =>
  i18n.on('languageChanged', (lng) => {
    if (lng === 'ar') void loadArabicFace().catch(() => undefined);
  }),
);

export type { Language } from './language';
export { applyLanguage, detectLanguage, directionOf } from './language';
