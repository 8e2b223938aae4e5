import { act, waitFor } from '@testing-library/react';

import { makeStore } from '@/app/store';
import { MEMBER_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { authApi } from './api';
import { SessionBootstrap } from './SessionBootstrap';
import { askSessionAtStartUp } from './startUp';

const asksForMe = (fetch: jest.Mock): number =>
  fetch.mock.calls.filter(([url]) => String(url).split('?')[0] === '/api/auth/me').length;

const signedIn = (store: ReturnType<typeof makeStore>) =>
  authApi.endpoints.getMe.select(undefined)(store.getState()).data?.username;

describe('SessionBootstrap', () => {
  it('asks for the current user as the app root mounts (refetch on mount, §4)', async () => {
    const fetch = mockFetch(MEMBER_ROUTES);
    const { store } = renderWithProviders(<SessionBootstrap />);
    await waitFor(() => expect(signedIn(store)).toBe('amina'));
    expect(asksForMe(fetch)).toBe(1);
  });

  it("takes the start-up's request as its fetch on mount: a start asks once, even when the answer came first", async () => {
    const fetch = mockFetch(MEMBER_ROUTES);
    const store = makeStore();
    askSessionAtStartUp(store.dispatch);
    await waitFor(() => expect(signedIn(store)).toBe('amina'));
    renderWithProviders(<SessionBootstrap />, { store });
    // Effects and any refetch they would start have run by then.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asksForMe(fetch)).toBe(1);
    expect(signedIn(store)).toBe('amina');
  });

  it('holds the start-up request as long as the root, and a root mounted again asks afresh', async () => {
    const fetch = mockFetch(MEMBER_ROUTES);
    const store = makeStore();
    askSessionAtStartUp(store.dispatch);
    const first = renderWithProviders(<SessionBootstrap />, { store });
    await waitFor(() => expect(signedIn(store)).toBe('amina'));
    // getMe keeps no unused answer (keepUnusedDataFor 0): a dropped subscription would empty it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(signedIn(store)).toBe('amina');
    first.unmount();
    await waitFor(() => expect(signedIn(store)).toBeUndefined());
    renderWithProviders(<SessionBootstrap />, { store });
    await waitFor(() => expect(asksForMe(fetch)).toBe(2));
    await waitFor(() => expect(signedIn(store)).toBe('amina'));
  });
});
