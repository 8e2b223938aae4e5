import i18next, { type ParseKeys, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

import accountSettingsAr from '../features/account-settings/locales/ar.json';
import accountSettingsEn from '../features/account-settings/locales/en.json';
import bookmarksAr from '../features/bookmarks/locales/ar.json';
import bookmarksEn from '../features/bookmarks/locales/en.json';
import composeAr from '../features/compose/locales/ar.json';
import composeEn from '../features/compose/locales/en.json';
import feedAr from '../features/feed/locales/ar.json';
import feedEn from '../features/feed/locales/en.json';
import learningAr from '../features/learning/locales/ar.json';
import learningEn from '../features/learning/locales/en.json';
import mediaLabAr from '../features/media-lab/locales/ar.json';
import mediaLabEn from '../features/media-lab/locales/en.json';
import messagesAr from '../features/messages/locales/ar.json';
import messagesEn from '../features/messages/locales/en.json';
import moderationAr from '../features/moderation/locales/ar.json';
import moderationEn from '../features/moderation/locales/en.json';
import notificationsAr from '../features/notifications/locales/ar.json';
import notificationsEn from '../features/notifications/locales/en.json';
import postDetailAr from '../features/post-detail/locales/ar.json';
import postDetailEn from '../features/post-detail/locales/en.json';
import postsAr from '../features/posts/locales/ar.json';
import postsEn from '../features/posts/locales/en.json';
import profileAr from '../features/profile/locales/ar.json';
import profileEn from '../features/profile/locales/en.json';
import realtimeAr from '../features/realtime/locales/ar.json';
import realtimeEn from '../features/realtime/locales/en.json';
import searchAr from '../features/search/locales/ar.json';
import searchEn from '../features/search/locales/en.json';
import authDebugAr from '../features/status/locales/ar.json';
import authDebugEn from '../features/status/locales/en.json';
import statusAr from '../features/status/locales/panel.ar.json';
import statusEn from '../features/status/locales/panel.en.json';
import supportAr from '../features/support/locales/ar.json';
import supportEn from '../features/support/locales/en.json';
import uploadsAr from '../features/uploads/locales/ar.json';
import uploadsEn from '../features/uploads/locales/en.json';
import videosAr from '../features/videos/locales/ar.json';
import videosEn from '../features/videos/locales/en.json';
import { applyLanguage, detectLanguage, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './language';
import arCore from './locales/ar.json';
import enCore from './locales/en.json';

/**
 * The development pages' strings (/auth-debug and the media pages). Production builds route none of
 * those pages, and with the condition below the constant false there, these strings are left out of
 * the bundle too (frontend/e2e/dev-pages.e2e.test.ts checks the built files).
 */
const DEV_PAGES = process.env.NODE_ENV !== 'production';
const devEn = { status: statusEn, authDebug: authDebugEn, mediaLab: mediaLabEn };
const devAr = { status: statusAr, authDebug: authDebugAr, mediaLab: mediaLabAr };

// Each feature keeps its strings beside its code, under a key named after the feature.
const en = {
  ...enCore,
  feed: feedEn,
  posts: postsEn,
  compose: composeEn,
  profile: profileEn,
  notifications: notificationsEn,
  realtime: realtimeEn,
  bookmarks: bookmarksEn,
  postDetail: postDetailEn,
  search: searchEn,
  learning: learningEn,
  messages: messagesEn,
  accountSettings: accountSettingsEn,
  uploads: uploadsEn,
  videos: videosEn,
  moderation: moderationEn,
  support: supportEn,
  ...(DEV_PAGES ? devEn : {}),
};
const ar = {
  ...arCore,
  feed: feedAr,
  posts: postsAr,
  compose: composeAr,
  profile: profileAr,
  notifications: notificationsAr,
  realtime: realtimeAr,
  bookmarks: bookmarksAr,
  postDetail: postDetailAr,
  search: searchAr,
  learning: learningAr,
  messages: messagesAr,
  accountSettings: accountSettingsAr,
  uploads: uploadsAr,
  videos: videosAr,
  moderation: moderationAr,
  support: supportAr,
  ...(DEV_PAGES ? devAr : {}),
};

export const resources = { en: { translation: en }, ar: { translation: ar } } as const;

/** The English strings: the shape every key passed to `t` is checked against (i18next.d.ts). */
export type TranslationResources = typeof en & typeof devEn;

/** A key `t` accepts (checked against the English strings when compiling). */
export type TranslationKey = ParseKeys;
/** A key under a prefix, written without it: `KeyUnder<'postDetail'>` for `t(\`postDetail.${key}\`)`. */
export type KeyUnder<Prefix extends string> = ParseKeys<'translation', TOptions, Prefix>;

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

export type { Language } from './language';
export { applyLanguage, detectLanguage, directionOf } from './language';
