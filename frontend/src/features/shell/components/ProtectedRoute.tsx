import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { useSession } from '@/resources/session';
import { ScreenLoading } from '@/ui/ScreenLoading';

/**
 * Lets signed-in members, and visitors who chose to browse as guests, through; anyone else goes
 * to /auth (the query string travels along, so verification banners survive the redirect).
 */
export function ProtectedRoute() {
  const { user, isLoading, isGuestMode } = useSession();
  const location = useLocation();
  if (isLoading) return <ScreenLoading labelKey="errors.checkingSession" />;
  if (!user && !isGuestMode)
    return <Navigate to={{ pathname: '/auth', search: location.search }} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
