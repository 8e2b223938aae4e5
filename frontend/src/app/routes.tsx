import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';

import { ErrorBoundary } from '../features/shell/components/ErrorBoundary';
import { Layout } from '../features/shell/components/Layout';
import { isSharedLink, ProtectedRoute } from '../features/shell/components/ProtectedRoute';
import { type TranslationKey, withStrings } from '../i18n';
import { ScreenLoading } from '../ui/ScreenLoading';

// Every screen is its own chunk; the initial bundle holds only the shell.
/** The screens a first load may open at once, by path, to fetch their chunk early (preloadFirstScreen). */
const EARLY: [path: string, load: () => Promise<unknown>][] = [];

/** A lazy screen; `paths` are the addresses that open it, for preloadFirstScreen. */
function screen<C extends ComponentType>(load: () => Promise<{ default: C }>, ...paths: string[]) {
  for (const path of paths) EARLY.push([path, load]);
  return lazy(load);
}

const loadAuth = () => import('../features/auth/screens/AuthScreen');

/**
 * Starts fetching the chunk of the first screen now, rather than once the session is known and the
 * route renders: on a phone that is one round trip less before it (issue 37). A member gets the
 * screen at `pathname`, and so does a visitor on a link guests may open; any other visitor of an app
 * screen is about to meet the sign-in screen.
 */
export function preloadFirstScreen(pathname: string, member: boolean): void {
  const found = EARLY.find(([path]) => matchPath(path, pathname));
  const load = member || isSharedLink(pathname) ? found?.[1] : found || pathname === '/auth' ? loadAuth : undefined;
  // A failure here shows again, and is handled, when the route renders the lazy screen.
  load?.().catch(() => undefined);
}

const AuthScreen = lazy(loadAuth);
const ResetPasswordScreen = lazy(() => import('../features/auth/screens/ResetPasswordScreen'));
const HomeScreen = screen(() => import('../features/home/screens/HomeScreen'), '/', '/home');
const PostDetailScreen = screen(() => import('../features/post-detail/screens/PostDetailScreen'), '/post/:id');
const ComposeScreen = lazy(() => import('../features/compose/screens/ComposeScreen'));
const ProfileScreen = screen(() => import('../features/profile/screens/ProfileScreen'), '/profile/:username');
const NotificationsScreen = screen(
  () => import('../features/notifications/screens/NotificationsScreen'),
  '/notifications',
);
const BookmarksScreen = screen(() => import('../features/bookmarks/screens/BookmarksScreen'), '/bookmarks');
const SearchScreen = screen(() => import('../features/search/screens/SearchScreen'), '/search');
const SearchResultsScreen = screen(() => import('../features/search/screens/SearchResultsScreen'), '/search-results');
const LearningScreen = screen(() => import('../features/learning/screens/LearningScreen'), '/learning');
const CourseDetailScreen = screen(() => import('../features/learning/screens/CourseDetailScreen'), '/course/:id');
const CourseLearnScreen = screen(() => import('../features/learning/screens/CourseLearnScreen'), '/course/:id/learn');
const CartScreen = lazy(() => import('../features/learning/screens/CartScreen'));
const CheckoutScreen = lazy(() => import('../features/learning/screens/CheckoutScreen'));
const OrdersScreen = lazy(() => import('../features/learning/screens/OrdersScreen'));
const MyCoursesScreen = screen(() => import('../features/learning/screens/MyCoursesScreen'), '/my-courses');
const CertificateScreen = screen(() => import('../features/learning/screens/CertificateScreen'), '/certificates/:id');
const TeachScreen = lazy(() => import('../features/learning/screens/TeachScreen'));
const CourseEditorScreen = lazy(() => import('../features/learning/screens/CourseEditorScreen'));
const SupportScreen = screen(() => import('../features/support/screens/SupportScreen'), '/support');
const NotifyLinkScreen = lazy(() => import('../features/support/screens/NotifyLinkScreen'));
const VendorApplicationsScreen = lazy(() => import('../features/learning/screens/VendorApplicationsScreen'));
const MessagesScreen = screen(() => import('../features/messages/screens/MessagesScreen'), '/messages', '/chat');
const AccountSettingsScreen = lazy(() => import('../features/account-settings/screens/AccountSettingsScreen'));
const VideoFeedScreen = screen(() => import('../features/videos/screens/VideoFeedScreen'), '/videos');
const CommunitiesScreen = screen(
  () => withStrings('communities', () => import('../features/communities/screens/CommunitiesScreen')),
  '/communities',
);
const CommunityScreen = screen(
  () => withStrings('communities', () => import('../features/communities/screens/CommunityScreen')),
  '/communities/:slug',
);
const CommunityEditorScreen = lazy(() =>
  withStrings('communities', () => import('../features/communities/screens/CommunityEditorScreen')),
);
const JoinRequestsScreen = lazy(() =>
  withStrings('communities', () => import('../features/communities/screens/JoinRequestsScreen')),
);
const CommunityReportsScreen = lazy(() =>
  withStrings('communities', () => import('../features/communities/screens/CommunityReportsScreen')),
);
/**
 * The development pages (/auth-debug and the media pages) exist in development (and test) builds
 * only: in production the condition is the constant false, so the pages, their chunks and their
 * strings (i18n/index.ts) are left out of the build, and their paths answer the not-found page.
 */
const DEV_PAGES =
  process.env.NODE_ENV !== 'production'
    ? (() => {
        const lab = () => import('../features/media-lab');
        return {
          AuthDebug: lazy(() => import('../features/status/AuthDebugScreen')),
          DebugAutoplay: lazy(() => lab().then((m) => ({ default: m.DebugAutoplayScreen }))),
          TestAutoplay: lazy(() => lab().then((m) => ({ default: m.TestAutoplayScreen }))),
          TestWorkingAutoplay: lazy(() => lab().then((m) => ({ default: m.TestWorkingAutoplayScreen }))),
          MediaTest: lazy(() => lab().then((m) => ({ default: m.MediaTestScreen }))),
        };
      })()
    : null;
const ModerationScreen = lazy(() =>
  withStrings('moderation', () => import('../features/moderation/screens/ModerationScreen')),
);
const NotFoundScreen = lazy(() => import('../features/shell/screens/NotFoundScreen'));
const PlaceholderScreen = lazy(() => import('../features/shell/screens/PlaceholderScreen'));

/** Screens not built yet: route → title key. */
export const PLACEHOLDER_ROUTES: ReadonlyArray<readonly [string, TranslationKey, TranslationKey?]> = [];

function Bare({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * The route table of spec §2. /auth, /auth-debug (development builds), /reset-password and the
 * notify-me mails' pages (/support/notify/confirm|unsubscribe) sit outside the protected wrapper.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/auth"
        element={
          <Bare>
            <AuthScreen />
          </Bare>
        }
      />
      {DEV_PAGES ? (
        <Route
          path="/auth-debug"
          element={
            <Bare>
              <DEV_PAGES.AuthDebug />
            </Bare>
          }
        />
      ) : null}
      <Route
        path="/reset-password"
        element={
          <Bare>
            <ResetPasswordScreen />
          </Bare>
        }
      />
      {/* The notify-me mails' pages: their reader is often a guest, who must not be sent to /auth first. */}
      <Route
        path="/support/notify/:action"
        element={
          <Bare>
            <NotifyLinkScreen />
          </Bare>
        }
      />
      <Route element={<ProtectedRoute />}>
        <Route element={<Layout />}>
          <Route index element={<HomeScreen />} />
          <Route path="/home" element={<HomeScreen />} />
          <Route path="/post/:id" element={<PostDetailScreen />} />
          <Route path="/compose" element={<ComposeScreen />} />
          <Route path="/profile/:username" element={<ProfileScreen />} />
          <Route path="/notifications" element={<NotificationsScreen />} />
          <Route path="/bookmarks" element={<BookmarksScreen />} />
          <Route path="/search" element={<SearchScreen />} />
          <Route path="/search-results" element={<SearchResultsScreen />} />
          <Route path="/learning" element={<LearningScreen />} />
          <Route path="/course/:id" element={<CourseDetailScreen />} />
          <Route path="/course/:id/learn" element={<CourseLearnScreen />} />
          <Route path="/cart" element={<CartScreen />} />
          <Route path="/checkout" element={<CheckoutScreen />} />
          <Route path="/orders" element={<OrdersScreen />} />
          <Route path="/my-courses" element={<MyCoursesScreen />} />
          <Route path="/certificates/:id" element={<CertificateScreen />} />
          <Route path="/teach" element={<TeachScreen />} />
          <Route path="/teach/new" element={<CourseEditorScreen />} />
          <Route path="/teach/:id" element={<CourseEditorScreen />} />
          <Route path="/admin/vendors" element={<VendorApplicationsScreen />} />
          <Route path="/messages" element={<MessagesScreen />} />
          <Route path="/chat" element={<MessagesScreen />} />
          <Route path="/account-settings" element={<AccountSettingsScreen />} />
          <Route path="/videos" element={<VideoFeedScreen />} />
          <Route path="/communities" element={<CommunitiesScreen />} />
          <Route path="/communities/new" element={<CommunityEditorScreen />} />
          <Route path="/communities/:slug" element={<CommunityScreen />} />
          <Route path="/communities/:slug/edit" element={<CommunityEditorScreen />} />
          <Route path="/communities/:slug/requests" element={<JoinRequestsScreen />} />
          <Route path="/communities/:slug/reports" element={<CommunityReportsScreen />} />
          {DEV_PAGES ? (
            <>
              <Route path="/debug-autoplay" element={<DEV_PAGES.DebugAutoplay />} />
              <Route path="/test-autoplay" element={<DEV_PAGES.TestAutoplay />} />
              <Route path="/test-working-autoplay" element={<DEV_PAGES.TestWorkingAutoplay />} />
              <Route path="/media-test" element={<DEV_PAGES.MediaTest />} />
            </>
          ) : null}
          <Route path="/moderation" element={<ModerationScreen />} />
          <Route path="/support" element={<SupportScreen />} />
          {PLACEHOLDER_ROUTES.map(([path, titleKey, bodyKey]) => (
            <Route
              key={path}
              path={path}
              element={<PlaceholderScreen key={path} titleKey={titleKey} {...(bodyKey ? { bodyKey } : {})} />}
            />
          ))}
        </Route>
      </Route>
      <Route
        path="*"
        element={
          <Bare>
            <NotFoundScreen />
          </Bare>
        }
      />
    </Routes>
  );
}
