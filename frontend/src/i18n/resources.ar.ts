/** The Arabic strings, a chunk of their own: only the language in use is loaded (i18n/index.ts). */
import accountSettingsAr from '../features/account-settings/locales/ar.json';
import bookmarksAr from '../features/bookmarks/locales/ar.json';
import composeAr from '../features/compose/locales/ar.json';
import feedAr from '../features/feed/locales/ar.json';
import learningAr from '../features/learning/locales/ar.json';
import mediaLabAr from '../features/media-lab/locales/ar.json';
import messagesAr from '../features/messages/locales/ar.json';
import notificationsAr from '../features/notifications/locales/ar.json';
import postDetailAr from '../features/post-detail/locales/ar.json';
import postsAr from '../features/posts/locales/ar.json';
import profileAr from '../features/profile/locales/ar.json';
import pushAr from '../features/push/locales/ar.json';
import pwaAr from '../features/pwa/locales/ar.json';
import realtimeAr from '../features/realtime/locales/ar.json';
import searchAr from '../features/search/locales/ar.json';
import authDebugAr from '../features/status/locales/ar.json';
import statusAr from '../features/status/locales/panel.ar.json';
import supportAr from '../features/support/locales/ar.json';
import uploadsAr from '../features/uploads/locales/ar.json';
import videosAr from '../features/videos/locales/ar.json';
import arCore from './locales/ar.json';

// See resources.en.ts for the development pages' strings.
const DEV_PAGES = process.env.NODE_ENV !== 'production';
const devAr = { status: statusAr, authDebug: authDebugAr, mediaLab: mediaLabAr };

export const ar = {
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
  support: supportAr,
  pwa: pwaAr,
  push: pushAr,
  ...(DEV_PAGES ? devAr : {}),
};

export default ar;
