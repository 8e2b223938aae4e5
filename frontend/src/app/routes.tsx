import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

import { ErrorBoundary } from '../features/shell/components/ErrorBoundary';
import { Layout } from '../features/shell/components/Layout';
import { ProtectedRoute } from '../features/shell/components/ProtectedRoute';
import type { TranslationKey } from '../i18n';
import { ScreenLoading } from '../ui/ScreenLoading';

// Every screen is its own chunk; the initial bundle holds only the shell.
const AuthScreen = lazy(() => import('../features/auth/screens/AuthScreen'));
const ResetPasswordScreen = lazy(() => import('../features/auth/screens/ResetPasswordScreen'));
const HomeScreen = lazy(() => import('../features/home/screens/HomeScreen'));
const PostDetailScreen = lazy(() => import('../features/post-detail/screens/PostDetailScreen'));
const ComposeScreen = lazy(() => import('../features/compose/screens/ComposeScreen'));
const ProfileScreen = lazy(() => import('../features/profile/screens/ProfileScreen'));
const NotificationsScreen = lazy(() => import('../features/notifications/screens/NotificationsScreen'));
const BookmarksScreen = lazy(() => import('../features/bookmarks/screens/BookmarksScreen'));
const SearchScreen = lazy(() => import('../features/search/screens/SearchScreen'));
const SearchResultsScreen = lazy(() => import('../features/search/screens/SearchResultsScreen'));
const LearningScreen = lazy(() => import('../features/learning/screens/LearningScreen'));
const CourseDetailScreen = lazy(() => import('../features/learning/screens/CourseDetailScreen'));
const CourseLearnScreen = lazy(() => import('../features/learning/screens/CourseLearnScreen'));
const CartScreen = lazy(() => import('../features/learning/screens/CartScreen'));
const CheckoutScreen = lazy(() => import('../features/learning/screens/CheckoutScreen'));
const OrdersScreen = lazy(() => import('../features/learning/screens/OrdersScreen'));
const MyCoursesScreen = lazy(() => import('../features/learning/screens/MyCoursesScreen'));
const TeachScreen = lazy(() => import('../features/learning/screens/TeachScreen'));
const CourseEditorScreen = lazy(() => import('../features/learning/screens/CourseEditorScreen'));
const SupportScreen = lazy(() => import('../features/support/screens/SupportScreen'));
const NotifyLinkScreen = lazy(() => import('../features/support/screens/NotifyLinkScreen'));
const VendorApplicationsScreen = lazy(() => import('../features/learning/screens/VendorApplicationsScreen'));
const MessagesScreen = lazy(() => import('../features/messages/screens/MessagesScreen'));
const AccountSettingsScreen = lazy(() => import('../features/account-settings/screens/AccountSettingsScreen'));
const VideoFeedScreen = lazy(() => import('../features/videos/screens/VideoFeedScreen'));
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
const ModerationScreen = lazy(() => import('../features/moderation/screens/ModerationScreen'));
const NotFoundScreen = lazy(() => import('../features/shell/screens/NotFoundScreen'));
const PlaceholderScreen = lazy(() => import('../features/shell/screens/PlaceholderScreen'));

/** Screens not built yet: route → title key. */
export const PLACEHOLDER_ROUTES: ReadonlyArray<readonly [string, TranslationKey, TranslationKey?]> = [
  ['/communities', 'screens.communities', 'screens.comingSoon'],
];

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
          <Route path="/teach" element={<TeachScreen />} />
          <Route path="/teach/new" element={<CourseEditorScreen />} />
          <Route path="/teach/:id" element={<CourseEditorScreen />} />
          <Route path="/admin/vendors" element={<VendorApplicationsScreen />} />
          <Route path="/messages" element={<MessagesScreen />} />
          <Route path="/chat" element={<MessagesScreen />} />
          <Route path="/account-settings" element={<AccountSettingsScreen />} />
          <Route path="/videos" element={<VideoFeedScreen />} />
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
