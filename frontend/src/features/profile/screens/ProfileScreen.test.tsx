import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { deferred } from '@/testing/deferred';
import { fakeBackoffTimers } from '@/testing/fakeTimers';
import { GUEST_ROUTES, MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { OWN_PROFILE, postOf, profileOf } from '../testFixtures';
import { EMPTY_TABS, renderProfile } from '../testing/renderProfile';

const BILAL = profileOf();

/** The button may show before /api/auth/me answers; a click then would treat the member as a guest. */
const signedIn = (store: ReturnType<typeof renderProfile>['store']) =>
  waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.data).toBeTruthy());

describe('ProfileScreen', () => {
  afterEach(() => jest.useRealTimers());

  it('renders the header: names, verified badge, bio, details and counts', async () => {
    mockFetch({ ...MEMBER_ROUTES, ...EMPTY_TABS, 'GET /api/profile/bilal': { body: BILAL } });
    renderProfile('/profile/bilal');
    expect(await screen.findByRole('heading', { name: /Bilal Hassan/ })).toBeInTheDocument();
    expect(screen.getByText('@bilal')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified account' })).toBeInTheDocument();
    expect(screen.getByText('Student of knowledge')).toBeInTheDocument();
    expect(screen.getByText('Nairobi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'bilal.example.org' })).toHaveAttribute(
      'href',
      'https://bilal.example.org',
    );
    expect(screen.getByText('Joined March 2025')).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'Profile statistics' });
    expect(within(counts).getByText('12 Posts')).toBeInTheDocument();
    expect(within(counts).getByRole('button', { name: '85 Followers' })).toBeInTheDocument();
    expect(within(counts).getByRole('button', { name: '1 Following' })).toBeInTheDocument();
  });

  it("shows 'User not found' with a search action on 404", async () => {
    fakeBackoffTimers();
    mockFetch({
      ...MEMBER_ROUTES,
      'GET /api/profile/nobody': { status: 404, body: { message: 'User not found', code: 'USER_NOT_FOUND' } },
    });
    renderProfile('/profile/nobody');
    // The shared base query retries once (§9 profile query: one retry) before giving up.
    expect(await screen.findByRole('heading', { name: 'User not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search users' })).toHaveAttribute('href', '/search');
  });

  it('says the profile failed to load on other errors, with a retry', async () => {
    fakeBackoffTimers();
    mockFetch({ ...MEMBER_ROUTES, 'GET /api/profile/bilal': { status: 500, body: { message: 'boom' } } });
    renderProfile('/profile/bilal');
    expect(
      await screen.findByText('Failed to load profile. Please try again.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads Follow Back when they follow me', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': {
        body: profileOf({
          relationship: {
            isFollowing: false,
            isFollowingBack: true,
            isBlocked: false,
            hasBlockedMe: false,
            isMuted: false,
          },
        }),
      },
    });
    renderProfile('/profile/bilal');
    expect(await screen.findByRole('button', { name: /^Follow Back @bilal/ })).toHaveTextContent('Follow Back');
  });

  it('follows at once, then keeps the server state', async () => {
    const gate = deferred();
    const followed = profileOf({
      counts: { posts: 12, followers: 86, following: 1, likes: 0 },
      myFollowState: 'following',
      relationship: {
        isFollowing: true,
        isFollowingBack: false,
        isBlocked: false,
        hasBlockedMe: false,
        isMuted: false,
      },
    });
    let profileCalls = 0;
    const base = mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': () => ({ body: profileCalls++ === 0 ? BILAL : followed }),
      'POST /api/users/u2/follow': {
        body: { success: true, userId: 'u2', myFollowState: 'following', relationship: followed.relationship },
      },
    });
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/users/u2/follow') await gate.promise;
      return base(input, init);
    });
    const user = userEvent.setup();
    const { store } = renderProfile('/profile/bilal');
    await signedIn(store);
    await user.click(await screen.findByRole('button', { name: /^Follow @bilal/ }));
    // Before the server answers: the button and the count have already moved.
    expect(await screen.findByRole('button', { name: /^Following @bilal/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '86 Followers' })).toBeInTheDocument();
    expect(profileCalls).toBe(1);
    gate.resolve();
    await waitFor(() => expect(profileCalls).toBe(2));
    expect(await screen.findByRole('button', { name: /^Following @bilal/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '86 Followers' })).toBeInTheDocument();
  });

  it('rolls the follow back and says so when the call fails', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': { body: BILAL },
      'POST /api/users/u2/follow': { status: 500, body: { message: 'boom' } },
    });
    const user = userEvent.setup();
    const { store } = renderProfile('/profile/bilal');
    await signedIn(store);
    await user.click(await screen.findByRole('button', { name: /^Follow @bilal/ }));
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.message)).toContain('Failed to follow @bilal. Please try again.'),
    );
    // The store has rolled back; the screen follows on its next render.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Follow @bilal/ })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(await screen.findByRole('button', { name: '85 Followers' })).toBeInTheDocument();
  });

  it("loads each tab's list when the tab is selected", async () => {
    const fetch = mockFetch({
      ...MEMBER_ROUTES,
      'GET /api/profile/bilal': { body: BILAL },
      'GET /api/profile/bilal/posts': { body: [postOf('p1', 'First post from Bilal')] },
      'GET /api/profile/bilal/media': { body: [postOf('p2', 'A photo from the masjid')] },
      'GET /api/profile/bilal/likes': { body: [] },
      'GET /api/profile/bilal/replies': {
        body: [
          {
            id: 'c1',
            postId: 'p9',
            userId: 'u2',
            user: { ...postOf('x', '').user },
            content: 'Ameen, beautiful reminder',
            imageUrl: null,
            videoUrl: null,
            createdAt: '2026-01-02T00:00:00.000Z',
            editedAt: null,
            originalPost: { id: 'p9', userId: 'u3', content: 'A reminder about patience' },
          },
        ],
      },
    });
    const user = userEvent.setup();
    renderProfile('/profile/bilal');
    expect(await screen.findByText('First post from Bilal')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Media' }));
    // Never the Posts list under the Media tab while its own is on the way.
    expect(screen.queryByText('First post from Bilal')).not.toBeInTheDocument();
    expect(await screen.findByText('A photo from the masjid')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Media' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Replies' }));
    expect(await screen.findByText('Ameen, beautiful reminder')).toBeInTheDocument();
    expect(screen.getByText('A reminder about patience')).toBeInTheDocument();

    // The ARIA tabs keys: End and Home jump to the last and first tab, arrows wrap; focus follows.
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Likes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Likes' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Likes' })).toHaveAttribute('aria-selected', 'true');

    const urls = fetch.mock.calls.map(([url]) => url as string);
    expect(urls).toContain('/api/profile/bilal/media?limit=20');
    expect(urls).toContain('/api/profile/bilal/replies?limit=20');
  });

  it('shows the empty state of a tab', async () => {
    mockFetch({ ...MEMBER_ROUTES, ...EMPTY_TABS, 'GET /api/profile/bilal': { body: BILAL } });
    renderProfile('/profile/bilal');
    expect(await screen.findByText("@bilal hasn't posted yet")).toBeInTheDocument();
  });

  it("shows 'Likes are private' on someone else's profile without asking the server", async () => {
    const fetch = mockFetch({ ...MEMBER_ROUTES, ...EMPTY_TABS, 'GET /api/profile/bilal': { body: BILAL } });
    const user = userEvent.setup();
    renderProfile('/profile/bilal');
    await user.click(await screen.findByRole('tab', { name: 'Likes' }));
    expect(screen.getByText('Likes are private')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/profile/bilal/likes'))).toBe(false);
  });

  it("shows 'Likes are private' when the server refuses the owner's likes", async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/amina': { body: OWN_PROFILE },
      'GET /api/profile/amina/likes': { status: 403, body: { message: 'Likes are private', code: 'LIKES_PRIVATE' } },
    });
    renderProfile('/profile/amina?tab=likes');
    expect(await screen.findByText('Likes are private')).toBeInTheDocument();
  });

  it("lists the owner's liked posts", async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/amina': { body: OWN_PROFILE },
      'GET /api/profile/amina/likes': { body: [postOf('p5', 'A post Amina liked')] },
    });
    renderProfile('/profile/amina?tab=likes');
    expect(await screen.findByText('A post Amina liked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('shows the reduced profile when I blocked them, with Unblock', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      'GET /api/profile/bilal': {
        body: profileOf({
          isReduced: true,
          bio: null,
          counts: { posts: 0, followers: 0, following: 0, likes: 0 },
          relationship: {
            isFollowing: false,
            isFollowingBack: false,
            isBlocked: true,
            hasBlockedMe: false,
            isMuted: false,
          },
        }),
      },
    });
    renderProfile('/profile/bilal');
    expect(await screen.findByText('You have blocked this user')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText('0 Followers')).not.toBeInTheDocument();
  });

  it('shows the reduced profile when they blocked me', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      'GET /api/profile/bilal': {
        body: profileOf({
          isReduced: true,
          relationship: {
            isFollowing: false,
            isFollowingBack: false,
            isBlocked: false,
            hasBlockedMe: true,
            isMuted: false,
          },
        }),
      },
    });
    renderProfile('/profile/bilal');
    expect(await screen.findByText('This user has blocked you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });
});

describe('reporting a member', () => {
  const toasts = (store: ReturnType<typeof renderProfile>['store']) =>
    store.getState().toasts.map((toast) => toast.message);

  async function fileReport(answer: { status: number; body: unknown }) {
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': { body: BILAL },
      'POST /api/users/u2/report': answer,
    });
    const user = userEvent.setup();
    const { store } = renderProfile('/profile/bilal');
    await signedIn(store);
    await user.click(await screen.findByRole('button', { name: 'More options for @bilal' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report @bilal' }));
    const dialog = screen.getByRole('dialog', { name: 'Report member' });
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please tell us why you are reporting this member');
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: "Tell us what's wrong" }), 'Impersonation');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(toasts(store)).toHaveLength(1));
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/report'));
    expect(sent.map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body))])).toEqual([
      ['/api/users/u2/report', 'POST', { reason: 'Other: Impersonation' }],
    ]);
    return { store, dialog };
  }

  it("reports another member from their profile's menu, with a reason", async () => {
    const { store } = await fileReport({
      status: 201,
      body: { success: true, reportId: 'r1', message: 'Thank you. Our moderators will review this report.' },
    });
    expect(toasts(store)).toEqual(['Thank you. Our moderators will review your report about this member.']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's answer when the report is refused, and keeps the dialog", async () => {
    const { store, dialog } = await fileReport({
      status: 404,
      body: { error: 'Not Found', message: 'User not found', code: 'USER_NOT_FOUND' },
    });
    expect(toasts(store)).toEqual(['Failed to report member: User not found']);
    expect(dialog).toBeInTheDocument();
  });

  it('is not offered on my own profile, nor to a guest', async () => {
    mockFetch({ ...MEMBER_ROUTES, ...EMPTY_TABS, 'GET /api/profile/amina': { body: OWN_PROFILE } });
    const user = userEvent.setup();
    const own = renderProfile('/profile/amina');
    await user.click(await screen.findByRole('button', { name: 'Profile options' }));
    expect(screen.queryByRole('menuitem', { name: /Report/ })).not.toBeInTheDocument();
    own.unmount();

    mockFetch({ ...GUEST_ROUTES, ...EMPTY_TABS, 'GET /api/profile/bilal': { body: BILAL } });
    renderProfile('/profile/bilal');
    expect(await screen.findByRole('heading', { name: /Bilal Hassan/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More options for @bilal' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Report/)).not.toBeInTheDocument();
  });
});
