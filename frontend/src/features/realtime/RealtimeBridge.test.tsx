import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { io } from 'socket.io-client';

import { api } from '@/app/api';
import type { Post } from '@/resources/posts/types';
import { type FakeSocket } from '@/resources/realtime/fakeSocket';
import { disconnectSocket } from '@/resources/realtime/socket';
import { useLogoutMutation } from '@/resources/session/api';
import { GUEST_ROUTES, MEMBER, mockFetch, queriesSettled, renderWithProviders } from '@/testing/render';

import NotificationsScreen from '../notifications/screens/NotificationsScreen';
import { BottomBar } from '../shell/components/BottomBar';
import { RealtimeBridge } from './RealtimeBridge';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

const ioMock = io as unknown as jest.Mock;
/** The socket the bridge opened: it connects from an effect (after paint, as Preact runs them). */
const lastSocket = async (): Promise<FakeSocket> => {
  await waitFor(() => expect(ioMock.mock.results.length).toBeGreaterThan(0));
  return ioMock.mock.results[ioMock.mock.results.length - 1]!.value as FakeSocket;
};

function SignOut() {
  const [logout] = useLogoutMutation();
  return (
    <button type="button" onClick={() => void logout()}>
      sign out
    </button>
  );
}

const ui = (
  <>
    <RealtimeBridge />
    <BottomBar />
    <SignOut />
  </>
);

/** The Notifications link of the bottom bar, found by its accessible name. */
const notificationsTab = (name: string | RegExp) =>
  within(screen.getByRole('navigation', { name: 'Main navigation' })).findByRole('link', { name });

describe('RealtimeBridge', () => {
  let unread = 2;
  let countsAsked = 0;
  let signedIn = true;

  beforeEach(() => {
    ioMock.mockClear();
    unread = 2;
    countsAsked = 0;
    signedIn = true;
    mockFetch({
      ...GUEST_ROUTES,
      'GET /api/auth/me': () =>
        signedIn ? { body: { user: MEMBER } } : { status: 401, body: { message: 'Unauthorized' } },
      'GET /api/notifications/unread-count': () => ((countsAsked += 1), { body: { unreadCount: unread } }),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { body: { success: true } };
      },
    });
  });
  afterEach(() => act(() => disconnectSocket()));

  it('connects once a member is signed in and disconnects on sign-out', async () => {
    const user = userEvent.setup();
    renderWithProviders(ui);
    await waitFor(() => expect(ioMock).toHaveBeenCalledTimes(1));
    const socket = await lastSocket();
    act(() => socket.serverConnects());
    expect(socket.emitted[0]).toEqual({ event: 'join', payload: { userId: MEMBER.id } });

    await user.click(screen.getByRole('button', { name: 'sign out' }));
    await waitFor(() => expect(socket.disconnected).toBe(true));
    expect(ioMock).toHaveBeenCalledTimes(1);
  });

  it('asks who is signed in when the server ends the session (signed out elsewhere), and lets the socket go', async () => {
    renderWithProviders(ui);
    await waitFor(() => expect(ioMock).toHaveBeenCalledTimes(1));
    const socket = await lastSocket();
    act(() => socket.serverConnects());
    signedIn = false;
    act(() => socket.push('session_ended', { reason: 'password_reset' }));
    await waitFor(() => expect(socket.disconnected).toBe(true));
  });

  it('opens no socket for a guest', async () => {
    signedIn = false;
    renderWithProviders(ui);
    expect(await notificationsTab('Alerts')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(ioMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('keeps the badge live: the count a push carries, a refetch when it carries none, 99+ above 99', async () => {
    const { store } = renderWithProviders(ui);
    expect(await notificationsTab('Alerts, 2 unread')).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2');
    const socket = await lastSocket();
    act(() => socket.serverConnects());
    // The connect's own question first (the next test), so that its answer does not come after a push.
    await waitFor(() => expect(countsAsked).toBe(2));
    await queriesSettled(store);

    const follow = { id: 'follow:u3:u1', type: 'follow', isRead: false, actorId: 'u3' };
    act(() => socket.push('notification', { notification: follow, unreadCount: 5, cursor: 'k1' }));
    expect(await notificationsTab('Alerts, 5 unread')).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('5');

    unread = 7;
    act(() => socket.push('notification', { notification: follow }));
    expect(await notificationsTab('Alerts, 7 unread')).toBeInTheDocument();

    act(() => socket.push('notification', { notification: follow, unreadCount: 140, cursor: 'k2' }));
    expect(await notificationsTab('Alerts, 140 unread')).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+');

    // Read on another device: the count comes down.
    act(() => socket.push('unread_count', { unreadCount: 0 }));
    expect(await notificationsTab('Alerts')).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('asks again at the first connect: a notification that came while the socket client loaded shows', async () => {
    renderWithProviders(ui);
    expect(await notificationsTab('Alerts, 2 unread')).toBeInTheDocument();
    const socket = await lastSocket();
    unread = 3;
    act(() => socket.serverConnects());
    expect(await notificationsTab('Alerts, 3 unread')).toBeInTheDocument();
    expect(countsAsked).toBe(2);
  });

  it("keeps a push's count when an answer asked before it comes after it", async () => {
    const { store } = renderWithProviders(ui);
    expect(await notificationsTab('Alerts, 2 unread')).toBeInTheDocument();
    const socket = await lastSocket();
    const fetchMock = global.fetch as jest.Mock;
    const fallback = fetchMock.getMockImplementation()!;
    let release: (() => void) | undefined;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
      const answer = await fallback(input, init);
      // The connect's question is answered (with the count of then) only after the push has come.
      if (input.startsWith('/api/notifications/unread-count') && countsAsked === 2)
        await new Promise<void>((resolve) => (release = resolve));
      return answer;
    });
    act(() => socket.serverConnects());
    await waitFor(() => expect(release).toBeDefined());
    unread = 5;
    const follow = { id: 'follow:u3:u1', type: 'follow', isRead: false, actorId: 'u3' };
    act(() => socket.push('notification', { notification: follow, unreadCount: 5, cursor: 'k1' }));
    expect(await notificationsTab('Alerts, 5 unread')).toBeInTheDocument();
    await act(async () => release!());
    await waitFor(() => expect(countsAsked).toBe(3));
    await queriesSettled(store);
    expect(await notificationsTab('Alerts, 5 unread')).toBeInTheDocument();
  });

  it('a notification push brings the new notification into the open list', async () => {
    const fresh = {
      id: 'follow:u3:u1',
      type: 'follow',
      category: 'social',
      content: '',
      isRead: false,
      createdAt: new Date().toISOString(),
      targetId: 'u3',
      targetType: 'user',
      actor: { id: 'u3', name: 'Chidi', username: 'chidi', profileImage: null },
    };
    let list: unknown[] = [];
    const fetchMock = global.fetch as jest.Mock;
    const fallback = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input.startsWith('/api/notifications?')) {
        const { fakeResponse } = jest.requireActual('@/testing/render');
        return fakeResponse({ body: { notifications: list, unreadCount: list.length, nextCursor: null } });
      }
      return fallback(input, init);
    });
    const { store } = renderWithProviders(
      <>
        {ui}
        <NotificationsScreen />
      </>,
    );
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    const socket = await lastSocket();
    act(() => socket.serverConnects());
    await waitFor(() => expect(countsAsked).toBe(2));
    await queriesSettled(store);
    list = [fresh];
    act(() => socket.push('notification', { notification: fresh, unreadCount: 1, cursor: 'k1' }));
    expect(await screen.findByRole('button', { name: /Chidi started following you/ })).toBeInTheDocument();
    expect(await notificationsTab('Alerts, 1 unread')).toBeInTheDocument();
  });

  it('refetches the count after a reconnect (what arrived while away)', async () => {
    renderWithProviders(ui);
    expect(await notificationsTab('Alerts, 2 unread')).toBeInTheDocument();
    const socket = await lastSocket();
    act(() => socket.serverConnects());
    act(() => socket.serverDrops());
    unread = 4;
    act(() => socket.serverConnects());
    expect(await notificationsTab('Alerts, 4 unread')).toBeInTheDocument();
  });

  it('patches the counters of a post_updated push into cached posts, and refetches when it has none', async () => {
    const post = {
      id: 'p1',
      userId: 'u2',
      likes: 1,
      likeCount: 1,
      commentsCount: 0,
      commentCount: 0,
      reposts: 0,
      isLiked: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    } as unknown as Post;
    let served = 0;
    const fetchMock = global.fetch as jest.Mock;
    const fallback = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input.startsWith('/api/test-posts')) {
        served += 1;
        const { fakeResponse } = jest.requireActual('@/testing/render');
        return fakeResponse({ body: [post] });
      }
      return fallback(input, init);
    });
    const testApi = api.injectEndpoints({
      endpoints: (build) => ({
        realtimeTestPosts: build.query<Post[], void>({
          query: () => '/api/test-posts',
          providesTags: (result) => (result ?? []).map((p) => ({ type: 'Post' as const, id: p.id })),
        }),
      }),
      overrideExisting: true,
    });
    const { store } = renderWithProviders(ui);
    await act(async () => {
      await store.dispatch(testApi.endpoints.realtimeTestPosts.initiate());
    });
    await waitFor(() => expect(ioMock).toHaveBeenCalled());
    const socket = await lastSocket();
    act(() => socket.serverConnects());

    act(() => socket.push('post_updated', { id: 'ev1', postId: 'p1', likes: 6, commentsCount: 3 }));
    const cached = () => testApi.endpoints.realtimeTestPosts.select()(store.getState()).data![0]!;
    expect(cached()).toMatchObject({
      likes: 6,
      likeCount: 6,
      commentsCount: 3,
      commentCount: 3,
      reposts: 0,
      isLiked: true,
    });
    expect(served).toBe(1);

    act(() => socket.push('post_updated', { id: 'ev2', postId: 'p1' }));
    await waitFor(() => expect(served).toBe(2));
  });
});
