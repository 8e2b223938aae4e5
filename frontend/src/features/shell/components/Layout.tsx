import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';

import { NewVersionNotice, OfflineBanner } from '@/features/pwa';
import { RealtimeBridge } from '@/features/realtime';
import { ScreenLoading } from '@/ui/ScreenLoading';
import { Toasts } from '@/ui/toast';

import { BottomBar } from './BottomBar';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { SideMenu } from './SideMenu';

/** The signed-in / guest chrome: header, content, bottom bar, side menu. */
export function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="layout">
      <RealtimeBridge />
      <Header onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
      <OfflineBanner />
      <main className="layout__main" id="main">
        <ErrorBoundary>
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <BottomBar />
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <Toasts />
      <NewVersionNotice />
    </div>
  );
}
