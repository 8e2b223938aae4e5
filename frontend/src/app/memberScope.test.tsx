import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { io } from 'socket.io-client';

import { RealtimeBridge } from '@/features/realtime';
import { type FakeSocket } from '@/resources/realtime/fakeSocket';
import { disconnectSocket } from '@/resources/realtime/socket';
import { useSession } from '@/resources/session';
import { authApi } from '@/resources/session/api';

import { deferred } from '../testing/deferred';
import { fakeResponse, type FakeRoute, MEMBER, queriesSettled, renderWithProviders } from '../testing/render';
import { toastShown } from '../ui/toast/toastSlice';
import { api } from './api';
import { forgetOnMemberChange } from './memberForget';
import { MemberScope } from './MemberScope';
import { type AppStore, makeStore } from './store';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});
const ioMock = io as unknown as jest.Mock;
const sockets = (): FakeSocket[] => ioMock.mock.results.map((r) => r.value as FakeSocket);

const OTHER = { ...MEMBER, id: 'u2', username: 'bilal', displayName: 'Bilal', name: 'Bilal' };

/** A member-private list (the conversations, the cart...): whose it is shows in what it holds. */
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    memberScopePrivate: build.query<{ owner: string }, void>({ query: () => '/api/private' }),
  }),
  overrideExisting: true,
});

type Who = typeof MEMBER | null;

/** A server whose signed-in member the test sets; /api/private answers as that member, 401 for none. */
function fakeServer(initial: Who) {
  const server = {
    who: initial,
    calls: [] as string[],
    held: null as null | ReturnType<typeof deferred<void>>,
  };
  const route = async (path: string, method: string): Promise<FakeRoute> => {
    if (path === '/api/auth/csrf') return { body: { csrfToken: 'tok' } };
    if (path === '/api/auth/me')
      return server.who ? { body: { user: server.who } } : { status: 401, body: { message: 'Unauthorized' } };
    if (path === '/api/auth/logout' && method === 'POST') {
      server.who = null;
      return { body: { success: true } };
    }
    if (path === '/api/private') {
      const asked = server.who;
      if (server.held) await server.held.promise;
      return asked ? { body: { owner: asked.username } } : { status: 401, body: { message: 'Unauthorized' } };
    }
    if (path === '/api/auth/change-password') return { status: 401, body: { message: 'Wrong password' } };
    return { status: 404, body: { message: 'Not found' } };
  };
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0]!;
    server.calls.push(`${method} ${path}`);
    return fakeResponse(await route(path, method));
  });
  return server;
}

const me = (store: AppStore) => authApi.endpoints.getMe.select()(store.getState()).data;

/** Who the screens think is signed in, subscribed as the app root does (SessionBootstrap). */
function Who() {
  const { user, isLoading } = useSession({ bootstrap: true });
  return <output aria-label="who">{isLoading ? 'loading' : (user?.username ?? 'guest')}</output>;
}
const who = () => screen.getByLabelText('who');
const privateData = (store: AppStore) => testApi.endpoints.memberScopePrivate.select()(store.getState()).data;

async function askMe(store: AppStore) {
  await act(async () => {
    await store.dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }));
  });
}

async function loadPrivate(store: AppStore) {
  await act(async () => {
    await store.dispatch(testApi.endpoints.memberScopePrivate.initiate(undefined, { subscribe: false }));
  });
}

/** A store that has met `who` and cached their private data, a toast and member-keyed storage. */
async function signedInStore(server: ReturnType<typeof fakeServer>) {
  const store = makeStore();
  renderWithProviders(<Who />, { store });
  await askMe(store);
  await loadPrivate(store);
  store.dispatch(toastShown('Saved'));
  localStorage.setItem('dc.uploads', JSON.stringify({ 'a.mp4|1|0': { uploadId: 'up-a' } }));
  localStorage.setItem('user', '{}');
  localStorage.setItem('dc.lang', 'ar');
  expect(privateData(store)).toEqual({ owner: server.who!.username });
  return store;
}

function expectForgotten(store: AppStore) {
  expect(privateData(store)).toBeUndefined();
  expect(store.getState().toasts).toEqual([]);
  expect(localStorage.getItem('dc.uploads')).toBeNull();
  expect(localStorage.getItem('user')).toBeNull();
  // A device preference is not the member's.
  expect(localStorage.getItem('dc.lang')).toBe('ar');
}

describe('the member change (one reset of every cache)', () => {
  beforeEach(() => ioMock.mockClear());
  afterEach(() => {
    act(() => disconnectSocket());
    localStorage.clear();
  });

  it('the first answer of /me only identifies the member: nothing cached is dropped', async () => {
    const server = fakeServer(MEMBER);
    const store = makeStore();
    await loadPrivate(store);
    await askMe(store);
    expect(store.getState().member).toEqual({ id: MEMBER.id, known: true, scope: 0 });
    expect(privateData(store)).toEqual({ owner: 'amina' });
    expect(server.calls.filter((c) => c === 'GET /api/private')).toHaveLength(1);
  });

  it('sign-out forgets the store, the caches and member storage, after the server has signed out', async () => {
    const server = fakeServer(MEMBER);
    const store = await signedInStore(server);
    const forgotten = jest.fn();
    const unregister = forgetOnMemberChange(forgotten);

    await act(async () => {
      await store.dispatch(authApi.endpoints.logout.initiate());
    });

    // The POST went out and was answered (the reset did not abort it): the server session ended.
    expect(server.calls).toContain('POST /api/auth/logout');
    expect(server.who).toBeNull();
    expectForgotten(store);
    expect(forgotten).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(who()).toHaveTextContent('guest'));
    expect(me(store)).toBeNull();
    expect(store.getState().member).toEqual({ id: null, known: true, scope: 1 });
    unregister();
  });

  it('signing in as someone else shows only their data', async () => {
    const server = fakeServer(MEMBER);
    const store = await signedInStore(server);
    server.who = OTHER;
    await askMe(store);

    expectForgotten(store);
    await waitFor(() => expect(who()).toHaveTextContent('bilal'));
    expect(store.getState().member).toEqual({ id: 'u2', known: true, scope: 1 });
    await loadPrivate(store);
    expect(privateData(store)).toEqual({ owner: 'bilal' });
  });

  it('an answer for the old member that arrives after the change lands nowhere', async () => {
    const server = fakeServer(MEMBER);
    const store = makeStore();
    await askMe(store);
    server.held = deferred();
    let late!: Promise<unknown>;
    act(() => {
      late = store.dispatch(testApi.endpoints.memberScopePrivate.initiate(undefined, { subscribe: false }));
    });
    server.who = OTHER;
    await askMe(store);
    await act(async () => {
      server.held!.resolve();
      await late;
    });
    expect(privateData(store)).toBeUndefined();
  });

  it('a guest signing in also starts from empty caches, but the screens keep their state', async () => {
    const server = fakeServer(null);
    const store = makeStore();
    await askMe(store);
    await loadPrivate(store);
    server.who = MEMBER;
    await askMe(store);
    expect(store.getState().member).toEqual({ id: 'u1', known: true, scope: 0 });
    expect(testApi.endpoints.memberScopePrivate.select()(store.getState()).status).toBe('uninitialized');
  });

  it('a 401 from a member call makes the app ask /me: an expired session is forgotten', async () => {
    const server = fakeServer(MEMBER);
    const store = await signedInStore(server);
    server.who = null;
    await act(async () => {
      await store.dispatch(testApi.endpoints.memberScopePrivate.initiate(undefined, { forceRefetch: true }));
    });
    await waitFor(() => expect(me(store)).toBeNull());
    expect(store.getState().member.id).toBeNull();
    expectForgotten(store);
  });

  it('a 401 that is not about the session (a wrong password) keeps the member and their data', async () => {
    const server = fakeServer(MEMBER);
    const store = await signedInStore(server);
    const wrongPassword = api.injectEndpoints({
      endpoints: (build) => ({
        memberScopeChangePassword: build.mutation<void, void>({
          query: () => ({ url: '/api/auth/change-password', method: 'POST', body: {} }),
        }),
      }),
      overrideExisting: true,
    });
    await act(async () => {
      await store.dispatch(wrongPassword.endpoints.memberScopeChangePassword.initiate());
    });
    await waitFor(() => expect(server.calls.filter((c) => c === 'GET /api/auth/me')).toHaveLength(2));
    expect(store.getState().member.id).toBe('u1');
    expect(privateData(store)).toEqual({ owner: 'amina' });
  });

  it('a wrong password at sign-in (401 from login) does not ask /me', async () => {
    const server = fakeServer(null);
    const store = makeStore();
    await askMe(store);
    await act(async () => {
      await store.dispatch(
        authApi.endpoints.login.initiate({ emailOrUsername: 'x', password: 'y', rememberMe: false }),
      );
    });
    expect(server.calls.filter((c) => c === 'GET /api/auth/me')).toHaveLength(1);
  });

  it('MemberScope drops the screens’ state when a member leaves', async () => {
    const server = fakeServer(MEMBER);
    const store = makeStore();
    await askMe(store);
    function Draft() {
      const [text, setText] = useState('');
      return <input aria-label="draft" value={text} onChange={(e) => setText(e.target.value)} />;
    }
    render(
      <Provider store={store}>
        <MemberScope>
          <Draft />
        </MemberScope>
      </Provider>,
    );
    const input = () => screen.getByLabelText<HTMLInputElement>('draft');
    fireEvent.input(input(), { target: { value: 'a private draft' } });
    expect(input().value).toBe('a private draft');
    server.who = OTHER;
    await askMe(store);
    expect(input().value).toBe('');
  });

  it('the socket of the old member is closed and a new one joins as the new member', async () => {
    const server = fakeServer(MEMBER);
    const store = makeStore();
    renderWithProviders(<RealtimeBridge />, { store });
    await askMe(store);
    await waitFor(() => expect(ioMock).toHaveBeenCalledTimes(1));
    const first = sockets()[0]!;
    act(() => first.serverConnects());
    expect(first.emitted[0]).toEqual({ event: 'join', payload: { userId: 'u1' } });
    // A connect asks again who we are (useResourcesChangedPush): that answer comes first.
    await queriesSettled(store);

    server.who = OTHER;
    await askMe(store);
    expect(first.disconnected).toBe(true);
    await waitFor(() => expect(ioMock).toHaveBeenCalledTimes(2));
    const second = sockets()[1]!;
    act(() => second.serverConnects());
    expect(second.emitted[0]).toEqual({ event: 'join', payload: { userId: 'u2' } });
  });
});
