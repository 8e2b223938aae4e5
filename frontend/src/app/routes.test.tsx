import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';

import { i18n } from '../i18n';
import { GUEST_ROUTES, MEMBER, MEMBER_ROUTES, mockFetch, renderWithProviders } from '../testing/render';
import { AppRoutes } from './routes';
import { guestModeEntered } from './sessionSlice';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const app = (
  <>
    <AppRoutes />
    <Where />
  </>
);

describe('routes', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    localStorage.clear();
  });

  it('sends a signed-out visitor of a protected route to /auth, keeping the query', async () => {
    mockFetch(GUEST_ROUTES);
    renderWithProviders(app, { route: '/notifications?verified=success' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth?verified=success'));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Your email has been verified. Welcome to DeenConnect!')).toBeInTheDocument();
  });

  it('lets a signed-in member through to the screen', async () => {
    mockFetch(MEMBER_ROUTES);
    renderWithProviders(app, { route: '/notifications' });
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/notifications');
  });

  it('keeps /reset-password outside the wrapper and redirects without a token', async () => {
    mockFetch(GUEST_ROUTES);
    renderWithProviders(app, { route: '/reset-password?token=abc' });
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/reset-password?token=abc');
  });

  it("opens the notify-me mails' pages to a signed-out reader, without a detour through /auth", async () => {
    mockFetch(GUEST_ROUTES);
    renderWithProviders(app, { route: '/support/notify/unsubscribe?token=abc' });
    expect(await screen.findByRole('button', { name: 'Unsubscribe me' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/support/notify/unsubscribe?token=abc');
  });

  it('serves the search screens at /search and /search-results (lazy chunks, not placeholders)', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      'GET /api/qa/feed': { body: { items: [], nextCursor: null } },
      'GET /api/posts': { body: [] },
    });
    renderWithProviders(app, { route: '/search' });
    expect(await screen.findByRole('heading', { name: 'Search DeenConnect' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Q&A Community Feed' })).toBeInTheDocument();
    expect(screen.queryByText('This screen is being built. It will be here soon.')).not.toBeInTheDocument();
  });

  it('serves /search-results with its sticky box', async () => {
    mockFetch(MEMBER_ROUTES);
    renderWithProviders(app, { route: '/search-results' });
    expect(await screen.findByText('Enter a search term to find posts, users, and AI answers.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search DeenConnect or ask Islamic AI...')).toBeInTheDocument();
  });

  it('shows the 404 page with Go Home and Go Back', async () => {
    mockFetch(GUEST_ROUTES);
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go Home' }));
    // Home is protected: a signed-out visitor ends on /auth.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth'));
  });

  it('switches to Arabic: <html dir=rtl lang=ar>, translated navigation, choice remembered', async () => {
    mockFetch(MEMBER_ROUTES);
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/home' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'العربية' }));

    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('dc.lang')).toBe('ar');
    const arNav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(arNav).getByRole('link', { name: 'الرئيسية' })).toBeInTheDocument();
    expect(within(arNav).getByRole('link', { name: 'الرسائل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إنشاء منشور' })).toBeInTheDocument();
  });

  it('opens a shared link to a visitor as a guest, and still sends them to /auth for the rest', async () => {
    mockFetch(GUEST_ROUTES);
    const { unmount } = renderWithProviders(app, { route: '/search?q=patience' });
    await waitFor(() => expect(localStorage.getItem('isGuestMode')).toBe('true'));
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=patience');
    expect(screen.queryByRole('tab', { name: 'Sign In' })).not.toBeInTheDocument();
    unmount();
    localStorage.clear();

    for (const route of ['/messages', '/course/c1/learn', '/compose']) {
      const view = renderWithProviders(app, { route });
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/));
      expect(localStorage.getItem('isGuestMode')).toBeNull();
      view.unmount();
    }
  });

  it("opens /communities to a visitor as a guest, and the side menu's entries lead there", async () => {
    mockFetch({
      ...GUEST_ROUTES,
      'GET /api/communities': { body: { communities: [], nextCursor: null } },
      'GET /api/posts': { body: [] },
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(app, { route: '/communities' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Communities' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('isGuestMode')).toBe('true'));
    expect(screen.queryByText('Communities are coming soon.')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(app, { route: '/home' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Join Communities' }),
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/communities$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Communities' })).toBeInTheDocument();
  });

  it("sends a member's side menu entry to /communities, and a visitor of its forms to /auth", async () => {
    mockFetch({ ...MEMBER_ROUTES, 'GET /api/communities': { body: { communities: [], nextCursor: null } } });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(app, { route: '/home' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Communities' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/communities$/));
    expect(await screen.findByRole('link', { name: 'Create community' })).toBeInTheDocument();
    unmount();

    mockFetch(GUEST_ROUTES);
    renderWithProviders(app, { route: '/communities/new' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/));
  });

  it('lets a guest who chose to browse in, with the guest side menu', async () => {
    mockFetch(GUEST_ROUTES);
    const user = userEvent.setup();
    const { store } = renderWithProviders(app, { route: '/auth' });
    act(() => {
      store.dispatch(guestModeEntered());
    });
    expect(localStorage.getItem('isGuestMode')).toBe('true');
    await user.click(await screen.findByRole('button', { name: 'Browse as guest' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/home'));
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'Explore Posts' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('side menu of a member shows real counts from the profile API and logs out locally at once', async () => {
    localStorage.setItem('user', '{}');
    localStorage.setItem('auth_token', 'x');
    // The server ends the session but its answer is lost (a proxy's 500): the local flags go at
    // once all the same, and the session read again from the server says signed out.
    let ended = false;
    mockFetch({
      ...GUEST_ROUTES,
      'GET /api/auth/me': () =>
        ended ? { status: 401, body: { message: 'Unauthorized' } } : { body: { user: MEMBER } },
      'GET /api/profile/amina': {
        body: { id: 'u1', username: 'amina', displayName: 'Amina', counts: { posts: 3, followers: 1, following: 7 } },
      },
      'POST /api/auth/logout': () => {
        ended = true;
        return { status: 500, body: { message: 'down' } };
      },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(app, { route: '/home' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByText('@amina')).toBeInTheDocument();
    expect(await within(menu).findByText('1 Follower')).toBeInTheDocument();
    expect(within(menu).getByText('7 Following')).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Log out' }));
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/));
  });
});
