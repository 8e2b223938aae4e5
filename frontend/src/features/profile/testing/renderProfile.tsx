import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';

import { renderWithProviders } from '@/testing/render';

import ProfileScreen from '../screens/ProfileScreen';

/** The posts tabs of the two test members, empty: most profile tests are about the header. */
export const EMPTY_TABS = {
  'GET /api/profile/bilal/posts': { body: [] },
  'GET /api/profile/amina/posts': { body: [] },
};

/** The profile screen at `route`, beside stand-ins for the screens it leads to (by path). */
export function renderProfile(route: string, elsewhere: Record<string, ReactNode> = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/:username" element={<ProfileScreen />} />
      <Route path="/search" element={<p>search screen</p>} />
      {Object.entries(elsewhere).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>,
    { route },
  );
}
