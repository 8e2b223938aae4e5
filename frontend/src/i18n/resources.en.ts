/** The English strings, a chunk of their own: only the language in use is loaded (i18n/index.ts). */
import accountSettingsEn from '../features/account-settings/locales/en.json';
import bookmarksEn from '../features/bookmarks/locales/en.json';
import composeEn from '../features/compose/locales/en.json';
import feedEn from '../features/feed/locales/en.json';
import learningEn from '../features/learning/locales/en.json';
import mediaLabEn from '../features/media-lab/locales/en.json';
import messagesEn from '../features/messages/locales/en.json';
import notificationsEn from '../features/notifications/locales/en.json';
import postDetailEn from '../features/post-detail/locales/en.json';
import postsEn from '../features/posts/locales/en.json';
import profileEn from '../features/profile/locales/en.json';
import pushEn from '../features/push/locales/en.json';
import pwaEn from '../features/pwa/locales/en.json';
import realtimeEn from '../features/realtime/locales/en.json';
import searchEn from '../features/search/locales/en.json';
import authDebugEn from '../features/status/locales/en.json';
import statusEn from '../features/status/locales/panel.en.json';
import supportEn from '../features/support/locales/en.json';
import uploadsEn from '../features/uploads/locales/en.json';
import videosEn from '../features/videos/locales/en.json';
import type { LazyResources } from './featureStrings';
import enCore from './locales/en.json';

/**
 * The development pages' strings (/auth-debug and the media pages). Production builds route none of
 * those pages, and with the condition below the constant false there, these strings are left out of
 * the bundle too (frontend/e2e/dev-pages.e2e.test.ts checks the built files).
 */
const DEV_PAGES = process.env.NODE_ENV !== 'production';
const devEn = { status: statusEn, authDebug: authDebugEn, mediaLab: mediaLabEn };

// Each feature keeps its strings beside its code, under a key named after the feature.
export const en = {
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
  support: supportEn,
  pwa: pwaEn,
  push: pushEn,
  ...(DEV_PAGES ? devEn : {}),
};

/** The English strings: the shape every key passed to `t` is checked against (i18next.d.ts). */
export type TranslationResources = typeof en & typeof devEn & LazyResources;

export default en;
