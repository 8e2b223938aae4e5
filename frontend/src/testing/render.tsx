import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { api } from '../app/api';
import { type AppStore, makeStore } from '../app/store';
import { i18n } from '../i18n';

export interface FakeRoute {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A minimal fetch Response stand-in (jsdom has no fetch). */
export function fakeResponse({ status = 200, body, headers = {} }: FakeRoute): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const all: Record<string, string> = {
    'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
    ...headers,
  };
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { get: (name: string) => all[name.toLowerCase()] ?? null },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}

/**
 * Installs a global fetch answering `'METHOD /path'` keys (query string ignored); unknown calls get 404.
 * Returns the mock so tests can inspect calls.
 */
export function mockFetch(routes: Record<string, FakeRoute | ((init?: RequestInit) => FakeRoute)>): jest.Mock {
  const mock = jest.fn(async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0];
    const route = routes[`${method} ${path}`];
    if (!route) return fakeResponse({ status: 404, body: { message: 'Not found' } });
    return fakeResponse(typeof route === 'function' ? route(init) : route);
  });
  (globalThis as { fetch?: unknown }).fetch = mock;
  return mock;
}

/** Signed-out session with a CSRF endpoint; extend with more routes. */
export const GUEST_ROUTES = {
  'GET /api/auth/csrf': { body: { csrfToken: 'tok' } },
  'GET /api/auth/me': { status: 401, body: { message: 'Unauthorized' } },
};

export const MEMBER = {
  id: 'u1',
  name: 'Amina',
  displayName: 'Amina',
  username: 'amina',
  email: 'amina@example.com',
  role: 'member',
  isEmailVerified: true,
  isVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Signed in as MEMBER, with a CSRF endpoint; extend with more routes. */
export const MEMBER_ROUTES = {
  ...GUEST_ROUTES,
  'GET /api/auth/me': { body: { user: MEMBER } },
};

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', store = makeStore() }: { route?: string; store?: AppStore } = {},
): RenderResult & { store: AppStore } {
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}

/** Until every request the store has under way has answered (e.g. what a socket's connect asked again). */
export async function queriesSettled(store: AppStore): Promise<void> {
  await act(async () => void (await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()))));
}
