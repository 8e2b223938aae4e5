import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';

import { i18n } from '@/i18n';
import { fakeBackoffTimers } from '@/testing/fakeTimers';
import { fakeResponse, type FakeRoute, MEMBER_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import type { AppNotification, NotificationsPage } from '../types';
import NotificationsScreen from './NotificationsScreen';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const app = (
  <>
    <Routes>
      <Route path="/notifications" element={<NotificationsScreen />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>
    <Where />
  </>
);

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 60 * 60_000).toISOString();
const bilal = { id: 'u2', name: 'Bilal', username: 'bilal', profileImage: null };

function note(over: Partial<AppNotification> & { id: string }): AppNotification {
  return {
    type: 'like',
    category: 'social',
    content: '',
    isRead: false,
    createdAt: minutesAgo(5),
    targetId: 'p1',
    targetType: 'post',
    actor: bilal,
    ...over,
  };
}

const like = note({ id: 'n1', type: 'like', content: 'Bismillah, my first post', createdAt: minutesAgo(5) });
const follow = note({
  id: 'n2',
  type: 'follow',
  targetId: 'u2',
  targetType: 'user',
  isRead: true,
  createdAt: daysAgo(1),
});
const message = note({
  id: 'n3',
  type: 'message',
  category: 'messages',
  targetId: null,
  targetType: null,
  createdAt: daysAgo(3),
});
const update = note({
  id: 'n4',
  type: 'app_update',
  category: 'system',
  actor: null,
  targetId: null,
  targetType: null,
  createdAt: daysAgo(30),
});

const page = (
  notifications: AppNotification[],
  nextCursor: string | null = null,
  unreadCount = 2,
): NotificationsPage => ({ notifications, unreadCount, nextCursor });

type Calls = Array<{ method: string; url: string }>;

/** Answers the notifications API by tab (and cursor) the way the server does. */
function serve(
  lists: Record<string, NotificationsPage | ((url: URL) => NotificationsPage | FakeRoute)>,
  extra: Record<string, FakeRoute> = {},
) {
  const calls: Calls = [];
  const fetchMock = mockFetch({
    ...MEMBER_ROUTES,
    'GET /api/notifications/unread-count': { body: { unreadCount: 2 } },
    ...extra,
  });
  const fallback = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url: url.pathname + url.search });
    if (method === 'GET' && url.pathname === '/api/notifications') {
      const answer = lists[url.searchParams.get('tab') ?? 'all'];
      const result = typeof answer === 'function' ? answer(url) : answer;
      if (!result) return fakeResponse({ body: page([]) });
      return fakeResponse('notifications' in result ? { body: result } : result);
    }
    return fallback(input, init);
  });
  return calls;
}

describe('NotificationsScreen', () => {
  afterEach(() => jest.useRealTimers());

  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the notifications grouped by day, with text per type, time and an unread marker', async () => {
    serve({ all: page([like, follow, message, update]) });
    renderWithProviders(app, { route: '/notifications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Today' });
    const open = within(today).getByRole('button', { name: /Bilal liked your post/ });
    expect(open).toHaveTextContent('Bismillah, my first post');
    expect(open).toHaveTextContent('5m');
    expect(open).toHaveTextContent('Unread');
    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByRole('button', { name: /Bilal started following you/ })).not.toHaveTextContent(
      'Unread',
    );
    expect(
      within(screen.getByRole('region', { name: 'This Week' })).getByRole('button', {
        name: /Bilal sent you a message/,
      }),
    ).toBeInTheDocument();
    // Older than a week: under its own date.
    const older = new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'long',
      year: new Date(update.createdAt).getFullYear() === new Date().getFullYear() ? undefined : 'numeric',
    }).format(new Date(update.createdAt));
    expect(
      within(screen.getByRole('region', { name: older })).getByRole('button', { name: /DeenConnect has been updated/ }),
    ).toBeInTheDocument();
  });

  it('asks the server for the chosen tab and shows that tab’s empty state', async () => {
    const calls = serve({ all: page([like, message]), messages: page([message]), system: page([]) });
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/notifications' });
    await screen.findByRole('button', { name: /Bilal liked your post/ });
    const tabs = screen.getByRole('tablist', { name: 'Notification categories' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'Social', 'Messages', 'Courses', 'System']);

    await user.click(within(tabs).getByRole('tab', { name: 'Messages' }));
    expect(within(tabs).getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('where')).toHaveTextContent('/notifications?tab=messages');
    // Never the previous tab's list under the new tab while its own is on the way.
    expect(screen.queryByRole('button', { name: /liked your post/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Bilal sent you a message/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /liked your post/ })).not.toBeInTheDocument();

    // Arrow keys move along the tabs.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'System' })).toHaveFocus();
    expect(await screen.findByText('No system notifications')).toBeInTheDocument();
    expect(screen.getByText('Announcements and account notices will show up here.')).toBeInTheDocument();

    const listCalls = calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/notifications?'));
    expect(listCalls.map((c) => new URLSearchParams(c.url.split('?')[1]).get('tab'))).toEqual([
      'all',
      'messages',
      'courses',
      'system',
    ]);
  });

  it('tapping marks the notification read and opens its post', async () => {
    const calls = serve(
      { all: page([like, follow]) },
      { 'PUT /api/notifications/n1/read': { body: { success: true } } },
    );
    const user = userEvent.setup();
    const { store } = renderWithProviders(app, { route: '/notifications' });
    await user.click(await screen.findByRole('button', { name: /Bilal liked your post/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/post/p1');
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', url: '/api/notifications/n1/read' }));
    // Marked read in the cache at once.
    const cached = store.getState().api.queries;
    const lists = Object.values(cached).filter((q) => q?.endpointName === 'getNotifications');
    expect(
      (lists[0]!.data as { pages: NotificationsPage[] }).pages[0]!.notifications.find((n) => n.id === 'n1')!.isRead,
    ).toBe(true);
  });

  it('tapping a read follow opens the profile without asking to mark it again; a system notice stays put', async () => {
    const calls = serve(
      { all: page([follow, update]) },
      { 'PUT /api/notifications/n4/read': { body: { success: true } } },
    );
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/notifications' });
    await user.click(await screen.findByRole('button', { name: /DeenConnect has been updated/ }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', url: '/api/notifications/n4/read' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/notifications$/);
    await user.click(screen.getByRole('button', { name: /Bilal started following you/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/profile/bilal');
    expect(calls.filter((c) => c.method === 'PUT' && c.url.includes('n2'))).toEqual([]);
  });

  it('shows the app’s mark on an announcement, not the initial of the staff member who sent it', async () => {
    const announcement = note({ id: 'n9', type: 'admin_announcement', content: 'Eid Mubarak from the team' });
    serve({ all: page([announcement, like]) });
    renderWithProviders(app, { route: '/notifications' });
    const row = await screen.findByRole('button', { name: /Eid Mubarak from the team/ });
    expect(row.querySelector('img.avatar')).toHaveAttribute('src', '/icons/icon-192.png');
    expect(row).not.toHaveTextContent(/^B/);
    const liked = screen.getByRole('button', { name: /Bilal liked your post/ });
    expect(liked.querySelector('img.avatar')).toBeNull();
  });

  it('shows community notices in Social with their own sentence and mark, and opens where each leads', async () => {
    const posted = note({ id: 'n5', type: 'community_post', content: 'Class moves to Thursday', targetId: 'p7' });
    const request = note({
      id: 'n6',
      type: 'community_join_request',
      targetType: 'community',
      targetId: 'tajweed',
      content: 'Tajweed Circle',
    });
    const approved = note({ ...request, id: 'n7', type: 'community_join_approved', isRead: true });
    serve({ social: page([posted, request, approved]) }, { 'PUT /api/notifications/n6/read': { body: {} } });
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/notifications?tab=social' });
    const post = await screen.findByRole('button', { name: /Bilal.? posted in your community/ });
    expect(post).toHaveTextContent('Class moves to Thursday');
    expect(post.querySelector('.notification__badge')).not.toBeNull();
    const asked = screen.getByRole('button', { name: /Bilal.? asked to join .?Tajweed Circle/ });
    // The community's name is in the sentence; it is not repeated under it.
    expect(asked.querySelector('.notification__snippet')).toBeNull();
    await user.click(screen.getByRole('button', { name: /now a member of .?Tajweed Circle/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/communities/tajweed');
  });

  it('a join request opens the community’s queue', async () => {
    const request = note({ id: 'n6', type: 'community_join_request', targetType: 'community', targetId: 'tajweed' });
    serve({ all: page([request]) }, { 'PUT /api/notifications/n6/read': { body: {} } });
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/notifications' });
    await user.click(await screen.findByRole('button', { name: /asked to join/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/communities/tajweed/requests');
  });

  it('mark all as read clears every unread marker at once', async () => {
    const calls = serve(
      { all: page([like, message]) },
      { 'PUT /api/notifications/mark-all-read': { body: { success: true } } },
    );
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/notifications' });
    await screen.findByRole('button', { name: /Bilal liked your post/ });
    expect(screen.getAllByText('Unread')).toHaveLength(2);
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    await user.click(markAll);
    await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'PUT', url: '/api/notifications/mark-all-read' });
    await waitFor(() => expect(markAll).toBeDisabled());
  });

  it('puts the unread markers back and says so when mark all as read fails', async () => {
    serve(
      { all: page([like]) },
      { 'PUT /api/notifications/mark-all-read': { status: 500, body: { message: 'down' } } },
    );
    const user = userEvent.setup();
    const { store } = renderWithProviders(app, { route: '/notifications' });
    await screen.findByRole('button', { name: /Bilal liked your post/ });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.message)).toContain("Couldn't mark all notifications as read"),
    );
    expect(await screen.findByText('Unread')).toBeInTheDocument();
  });

  it('deletes a notification at once and keeps focus in the list', async () => {
    const calls = serve({ all: page([like, follow]) }, { 'DELETE /api/notifications/n1': { body: { success: true } } });
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/notifications' });
    const today = await screen.findByRole('region', { name: 'Today' });
    await user.click(within(today).getByRole('button', { name: 'Delete notification' }));
    expect(screen.queryByRole('button', { name: /Bilal liked your post/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toHaveFocus();
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: '/api/notifications/n1' }));
    expect(screen.getByRole('button', { name: /Bilal started following you/ })).toBeInTheDocument();
  });

  it('brings a notification back when the server refuses to delete it', async () => {
    serve(
      { all: page([like]) },
      { 'DELETE /api/notifications/n1': { status: 404, body: { message: 'Notification not found' } } },
    );
    const user = userEvent.setup();
    const { store } = renderWithProviders(app, { route: '/notifications' });
    await user.click(await screen.findByRole('button', { name: 'Delete notification' }));
    expect(await screen.findByRole('button', { name: /Bilal liked your post/ })).toBeInTheDocument();
    expect(store.getState().toasts.map((t) => t.message)).toContain("Couldn't delete the notification");
  });

  it('shows a skeleton while loading, then an error with Try again that reloads', async () => {
    fakeBackoffTimers();
    let fail = true;
    serve({ all: () => (fail ? { status: 400, body: { message: 'bad' } } : page([like])) });
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/notifications' });
    expect(screen.getByText('Loading notifications').closest('[role="status"]')).toBeInTheDocument();
    // Queries retry twice with backoff (1 s, 2 s) before giving up.
    expect(
      await screen.findByText("Couldn't load your notifications", undefined, { timeout: 6000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Bilal liked your post/ })).toBeInTheDocument();
  });

  it('pages on with the cursor the server gave', async () => {
    const older = note({ id: 'n9', type: 'comment', content: 'Ameen', createdAt: minutesAgo(50) });
    const calls = serve({
      all: (url) => (url.searchParams.get('cursor') === 'c1' ? page([older]) : page([like], 'c1')),
    });
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/notifications' });
    await screen.findByRole('button', { name: /Bilal liked your post/ });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /Bilal commented on your post/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/notifications?tab=all&limit=20&cursor=c1');
  });

  it('speaks Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    serve({ all: page([like]) });
    renderWithProviders(app, { route: '/notifications' });
    expect(await screen.findByRole('button', { name: /إعجاب من Bilal بمنشورك/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'اليوم' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'الكل' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'تعليم الكل كمقروء' })).toBeEnabled();
  });

  it('speaks Arabic in community notices too', async () => {
    await act(() => i18n.changeLanguage('ar'));
    const request = note({
      id: 'n6',
      type: 'community_join_request',
      targetType: 'community',
      content: 'حلقة التجويد',
    });
    serve({ all: page([request]) });
    renderWithProviders(app, { route: '/notifications' });
    expect(
      await screen.findByRole('button', { name: /طلب انضمام من .?Bilal.? إلى .?حلقة التجويد/ }),
    ).toBeInTheDocument();
  });
});
