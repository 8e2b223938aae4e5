/** Supported languages, detection (query → localStorage → browser) and the <html lang dir> sync. */
export const SUPPORTED_LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'dc.lang';
export const LANGUAGE_QUERY_PARAM = 'lang';

export function toSupported(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const base = value.toLowerCase().split(/[-_]/)[0];
  return SUPPORTED_LANGUAGES.find((lang) => lang === base);
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return toSupported(language) === 'ar' ? 'rtl' : 'ltr';
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Detection order of the spec: query string, then local storage, then the browser, then English. */
export function detectLanguage(
  search: string = window.location.search,
  stored: string | null = readStorage(),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Language {
  const fromQuery = toSupported(new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM));
  if (fromQuery) return fromQuery;
  const fromStorage = toSupported(stored);
  if (fromStorage) return fromStorage;
  for (const candidate of browser) {
    const lang = toSupported(candidate);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}

/** The web app manifest of a language (frontend/public). */
export const manifestOf = (lang: Language) => (lang === 'ar' ? '/manifest.ar.webmanifest' : '/manifest.webmanifest');

/** Writes the language to <html lang dir> and remembers it. */
export function applyLanguage(language: string, doc: Document = document): void {
  const lang = toSupported(language) ?? FALLBACK_LANGUAGE;
  doc.documentElement.lang = lang;
  doc.documentElement.dir = directionOf(lang);
  // The installed app's name, shortcuts and direction follow the reader's language.
  doc.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestOf(lang));
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* storage may be unavailable (private mode); the choice then lasts for this page only */
  }
}
