import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { useAppDispatch } from '@/app/hooks';
import { guestModeEntered } from '@/app/sessionSlice';
import { useSession } from '@/resources/session';
import { ScreenLoading } from '@/ui/ScreenLoading';

/**
 * Addresses members share (a post, a profile, a course, a certificate, a search, the catalogue,
 * orphan support, communities):
 * guests may browse them (spec), so a visitor who follows one browses as a guest instead of
 * meeting the sign-in screen first. What needs an account still sends them to /auth from there.
 */
const SHARED_LINKS = [
  /^\/post\/[^/]+\/?$/,
  /^\/profile\/[^/]+\/?$/,
  /^\/course\/[^/]+\/?$/,
  // A certificate of completion: whoever its holder shows it to verifies it (issue 40).
  /^\/certificates\/[^/]+\/?$/,
  /^\/(search|search-results|learning|support|videos|communities)\/?$/,
  // A community's page, not its forms or moderators' queues (/communities/new is the create form).
  /^\/communities\/(?!new\/?$)[^/]+\/?$/,
];

export const isSharedLink = (pathname: string) => SHARED_LINKS.some((link) => link.test(pathname));

/**
 * Lets signed-in members, and visitors who chose to browse as guests (or followed a shared link),
 * through; anyone else goes to /auth (the query string travels along, so verification banners
 * survive the redirect).
 */
export function ProtectedRoute() {
  const { user, isLoading, isGuestMode } = useSession();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const guestByLink = !isLoading && !user && !isGuestMode && isSharedLink(location.pathname);
  useEffect(() => {
    if (guestByLink) dispatch(guestModeEntered());
  }, [guestByLink, dispatch]);
  if (isLoading) return <ScreenLoading labelKey="errors.checkingSession" />;
  if (!user && !isGuestMode && !guestByLink)
    return <Navigate to={{ pathname: '/auth', search: location.search }} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
