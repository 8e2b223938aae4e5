import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { OWN_PROFILE, profileOf } from '../testFixtures';
import { EMPTY_TABS, renderProfile } from '../testing/renderProfile';

const BILAL = profileOf();

describe('ProfileScreen', () => {
  afterEach(() => jest.useRealTimers());

  it('blocks after confirmation from the menu', async () => {
    const fetch = mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': { body: BILAL },
      'POST /api/users/u2/block': {
        body: {
          success: true,
          userId: 'u2',
          myFollowState: 'not_following',
          relationship: {
            isFollowing: false,
            isFollowingBack: false,
            isBlocked: true,
            hasBlockedMe: false,
            isMuted: false,
          },
        },
      },
    });
    const user = userEvent.setup();
    renderProfile('/profile/bilal');
    await user.click(await screen.findByRole('button', { name: 'More options for @bilal' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block @bilal' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block @bilal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => url === '/api/users/u2/block' && init?.method === 'POST')).toBe(
        true,
      ),
    );
  });

  it('opens the followers list from the count, with follow buttons', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': { body: BILAL },
      'GET /api/profile/bilal/followers': {
        body: {
          users: [
            {
              id: 'u3',
              displayName: 'Khadija',
              username: 'khadija',
              avatarUrl: null,
              bio: 'Teacher',
              verified: false,
              isFollowing: false,
              isFollowingBack: true,
            },
            {
              id: 'u1',
              displayName: 'Amina',
              username: 'amina',
              avatarUrl: null,
              bio: null,
              verified: false,
              isFollowing: false,
              isFollowingBack: false,
            },
          ],
          nextCursor: null,
        },
      },
    });
    const user = userEvent.setup();
    renderProfile('/profile/bilal');
    await user.click(await screen.findByRole('button', { name: '85 Followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(await within(dialog).findByRole('link', { name: 'Khadija' })).toHaveAttribute('href', '/profile/khadija');
    expect(within(dialog).getByRole('button', { name: /^Follow Back @khadija/ })).toBeInTheDocument();
    // No follow button on my own row.
    expect(within(dialog).queryByRole('button', { name: /@amina/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("goes to a member's profile from the list, closing it", async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': { body: BILAL },
      'GET /api/profile/khadija': {
        body: profileOf({ id: 'u3', username: 'khadija', displayName: 'Khadija Omar', bio: 'Teacher' }),
      },
      'GET /api/profile/khadija/posts': { body: [] },
      'GET /api/profile/bilal/followers': {
        body: {
          users: [
            {
              id: 'u3',
              displayName: 'Khadija',
              username: 'khadija',
              avatarUrl: null,
              bio: null,
              verified: false,
              isFollowing: true,
              isFollowingBack: false,
            },
          ],
          nextCursor: null,
        },
      },
    });
    const user = userEvent.setup();
    renderProfile('/profile/bilal?list=followers');
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(await within(dialog).findByRole('button', { name: /^Following @khadija/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Khadija' }));
    expect(await screen.findByRole('heading', { name: /Khadija Omar/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Bilal Hassan/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens the following list from the side menu's ?tab=following link", async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/amina': { body: OWN_PROFILE },
      'GET /api/profile/amina/following': { body: { users: [], nextCursor: null } },
    });
    renderProfile('/profile/amina?tab=following');
    const dialog = await screen.findByRole('dialog', { name: 'Following' });
    expect(await within(dialog).findByText("@amina isn't following anyone yet")).toBeInTheDocument();
  });

  it('opens Edit Profile from the ?edit=1 link for the owner only', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/amina': { body: OWN_PROFILE },
      'GET /api/profile/bilal': { body: BILAL },
    });
    const { unmount } = renderProfile('/profile/amina?edit=1');
    expect(await screen.findByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    unmount();
    renderProfile('/profile/bilal?edit=1');
    await screen.findByRole('heading', { name: /Bilal Hassan/ });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
