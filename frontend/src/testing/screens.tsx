import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';

import type { AppStore } from '../app/store';
import { Toasts } from '../ui/toast';
import { renderWithProviders } from './render';

/** Where the app is (path and query), for tests that follow a navigation. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/**
 * A feature's screens as the shell holds them: its `<Route>`s (anything else is 'elsewhere'), the
 * toasts, and where the app is.
 */
export function renderScreens(routes: ReactElement, route: string, options: { store?: AppStore } = {}) {
  return renderWithProviders(
    <>
      <Routes>
        {routes}
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Toasts />
      <Where />
    </>,
    { route, ...options },
  );
}
