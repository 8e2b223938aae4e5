import { act, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import type { AppStore } from '@/app/store';
import type { FakeRoute } from '@/testing/render';
import { renderScreens } from '@/testing/screens';

import SearchResultsScreen from './screens/SearchResultsScreen';
import SearchScreen from './screens/SearchScreen';
import { ASK_RESPONSE, qaPage } from './testFixtures';

/** Both search screens, the toasts and where the app is, as the shell would hold them. */
export function renderSearch(route = '/search') {
  return renderScreens(
    <>
      <Route path="/search" element={<SearchScreen />} />
      <Route path="/search-results" element={<SearchResultsScreen />} />
    </>,
    route,
  );
}

/** The search page's calls, answered as an empty server would (extend or override per test). */
export const SEARCH_ROUTES: Record<string, FakeRoute | ((init?: RequestInit) => FakeRoute)> = {
  'GET /api/qa/feed': { body: qaPage([]) },
  'GET /api/posts': { body: [] },
  'GET /api/search/results': { body: [] },
  'GET /api/search/people': { body: { users: [] } },
  'GET /api/users/suggestions': { body: { users: [] } },
  'POST /api/ai/ask': { body: ASK_RESPONSE },
};

/** Holds calls whose URL starts with `prefix` until `gate` resolves; the rest go straight to `base`. */
export function holdCalls(base: jest.Mock, prefix: string, gate: Promise<void>): jest.Mock {
  const held = jest.fn(async (input: string, init?: RequestInit) => {
    if (input.startsWith(prefix)) await gate;
    return base(input, init) as Promise<Response>;
  });
  (globalThis as { fetch?: unknown }).fetch = held;
  return held;
}

export const calls = (fetchMock: jest.Mock, prefix: string, method = 'GET') =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith(prefix) && ((init as RequestInit)?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: String(url), body: (init as RequestInit)?.body }));

/** Until /api/auth/me has answered, a tap that needs a member does nothing (useMemberGate): wait for it. */
export async function sessionKnown(store: AppStore) {
  await waitFor(() => {
    const me = store.getState().api.queries['getMe(undefined)'];
    expect(me?.status === 'fulfilled' || me?.status === 'rejected').toBe(true);
  });
  // Let the screens re-render with it, so their click handlers see the session.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
