import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { io } from 'socket.io-client';

import { api } from '@/app/api';
import { useWatchSupport } from '@/resources/realtime';
import type { FakeSocket } from '@/resources/realtime/fakeSocket';
import { disconnectSocket } from '@/resources/realtime/socket';
import { fakeResponse, GUEST_ROUTES, MEMBER, mockFetch, renderWithProviders } from '@/testing/render';

import { RealtimeBridge } from './RealtimeBridge';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

const ioMock = io as unknown as jest.Mock;

describe('resources_changed pushes', () => {
  beforeEach(() => ioMock.mockClear());
  afterEach(() => act(() => disconnectSocket()));

  it('fetch again what the server changed of the member (a paid order empties the cart), and nothing else', async () => {
    const served = { cart: 0, orders: 0, me: 0 };
    mockFetch({
      ...GUEST_ROUTES,
      'GET /api/auth/me': () => ((served.me += 1), { body: { user: MEMBER } }),
    });
    const fetchMock = global.fetch as jest.Mock;
    const fallback = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input.startsWith('/api/test-cart')) return (served.cart++, fakeResponse({ body: [] }));
      if (input.startsWith('/api/test-orders')) return (served.orders++, fakeResponse({ body: [] }));
      return fallback(input, init);
    });
    const testApi = api.injectEndpoints({
      endpoints: (build) => ({
        pushTestCart: build.query<unknown[], void>({ query: () => '/api/test-cart', providesTags: ['Cart'] }),
        pushTestOrders: build.query<unknown[], void>({ query: () => '/api/test-orders', providesTags: ['Order'] }),
      }),
      overrideExisting: true,
    });
    const { store } = renderWithProviders(<RealtimeBridge />);
    await act(async () => {
      await store.dispatch(testApi.endpoints.pushTestCart.initiate());
      await store.dispatch(testApi.endpoints.pushTestOrders.initiate());
    });
    await waitFor(() => expect(ioMock).toHaveBeenCalled());
    const socket = ioMock.mock.results.at(-1)!.value as FakeSocket;
    const me = served.me;
    // The socket connects after the first reads: what changed in between was pushed to no one, so
    // what is on show is asked again (and again at each reconnect).
    act(() => socket.serverConnects());
    await waitFor(() => expect([served.cart, served.orders, served.me]).toEqual([2, 2, me + 1]));
    act(() => socket.serverDrops());
    act(() => socket.serverConnects());
    await waitFor(() => expect([served.cart, served.orders, served.me]).toEqual([3, 3, me + 2]));

    act(() => socket.push('resources_changed', { id: 'e1', resources: ['cart'] }));
    await waitFor(() => expect(served.cart).toBe(4));
    expect(served.orders).toBe(3);

    act(() => socket.push('resources_changed', { id: 'e2', resources: ['orders', 'teaching'] }));
    await waitFor(() => expect(served.orders).toBe(4));
    // An approval changes the member's own role: who they are is asked again.
    await waitFor(() => expect(served.me).toBe(me + 3));
    expect(served.cart).toBe(4);
  });

  it('asks the server to tell the support page of its figures while it is open, and again after a reconnect', async () => {
    mockFetch({ ...GUEST_ROUTES, 'GET /api/auth/me': () => ({ body: { user: MEMBER } }) });
    function Page() {
      useWatchSupport();
      return null;
    }
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <RealtimeBridge />
          {open ? <Page /> : null}
          <button type="button" onClick={() => setOpen(false)}>
            leave
          </button>
        </>
      );
    }
    renderWithProviders(<Harness />);
    await waitFor(() => expect(ioMock).toHaveBeenCalled());
    const socket = ioMock.mock.results.at(-1)!.value as FakeSocket;
    const sent = () => socket.emitted.map((e) => e.event).filter((e) => e.includes('support'));
    act(() => socket.serverConnects());
    await waitFor(() => expect(sent()).toEqual(['watch_support']));
    act(() => socket.serverDrops());
    act(() => socket.serverConnects());
    expect(sent()).toEqual(['watch_support', 'watch_support']);
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(sent()).toEqual(['watch_support', 'watch_support', 'unwatch_support']);
  });
});
