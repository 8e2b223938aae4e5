import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import type { CommunityView } from '@/features/communities';
import { type FakeRoute, MEMBER_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import ComposeScreen from './ComposeScreen';

const me = (overrides: Partial<NonNullable<CommunityView['me']>> = {}) => ({
  standing: 'member' as const,
  role: 'member' as const,
  muted: false,
  notify: 'all' as const,
  feedInHome: true,
  ...overrides,
});

const community = (id: string, name: string, extra: Partial<CommunityView> = {}): CommunityView => ({
  id,
  slug: id,
  name,
  description: '',
  avatarUrl: null,
  bannerUrl: null,
  rules: [],
  category: 'study_circle',
  city: 'Nairobi',
  privacy: 'public',
  ownerId: 'u9',
  memberCount: 3,
  postCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  me: me(),
  ...extra,
});

const MINE = [
  community('c1', 'Tajweed Circle'),
  community('c2', 'Sisters of Eastleigh', { privacy: 'private' }),
  community('c3', 'Youth Nairobi', { me: me({ muted: true }) }),
];

function renderCompose(route: string, routes: Record<string, FakeRoute> = {}) {
  const fetch = mockFetch({
    ...MEMBER_ROUTES,
    'GET /api/communities': { body: { communities: MINE, nextCursor: null } },
    'POST /api/posts': {
      status: 201,
      body: {
        id: 'p-new',
        user: { username: 'amina' },
        community: { id: 'c2', slug: 'c2', name: 'x', privacy: 'private' },
      },
    },
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/compose" element={<ComposeScreen />} />
      <Route path="/post/:id" element={<p>Post page</p>} />
    </Routes>,
    { route },
  );
  return { fetch, user };
}

const sent = (fetch: jest.Mock) =>
  fetch.mock.calls.find(([url, init]) => url === '/api/posts' && init?.method === 'POST')?.[1]?.body as FormData;

describe('composer: Post to', () => {
  it("offers the followers and the member's communities, not one they are muted in, and asks for the member's own", async () => {
    const { fetch } = renderCompose('/compose');
    const picker = await screen.findByRole('combobox', { name: 'Post to' });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3));
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['My followers', 'Tajweed Circle', 'Sisters of Eastleigh (private)']);
    expect(picker).toHaveValue('');
    expect(
      fetch.mock.calls.some(
        ([url]) => String(url).startsWith('/api/communities?') && String(url).includes('mine=true'),
      ),
    ).toBe(true);
  });

  it('preselects the community of the address and sends it as communityId', async () => {
    const { fetch, user } = renderCompose('/compose?community=c2');
    const picker = await screen.findByRole('combobox', { name: 'Post to' });
    await waitFor(() => expect(picker).toHaveValue('c2'));
    // A private community's post is read by its members only: the audience says so.
    expect(screen.getByText('Members of Sisters of Eastleigh')).toBeInTheDocument();
    // Switching to a video keeps the community.
    expect(screen.getByRole('link', { name: 'Create a video post' })).toHaveAttribute(
      'href',
      '/compose?mode=video&community=c2',
    );
    await user.type(screen.getByRole('textbox', { name: 'Post text' }), 'Halaqa moved to Thursday');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent(fetch)).toBeDefined());
    expect(sent(fetch).get('communityId')).toBe('c2');
  });

  it('sends a post to the followers when the member picks them instead', async () => {
    const { fetch, user } = renderCompose('/compose?community=c1');
    const picker = await screen.findByRole('combobox', { name: 'Post to' });
    await waitFor(() => expect(picker).toHaveValue('c1'));
    await user.selectOptions(picker, '');
    expect(screen.getByText('Everyone')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Post text' }), 'Salam');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent(fetch)).toBeDefined());
    expect(sent(fetch).has('communityId')).toBe(false);
  });

  it('does not post to a community the member is muted in, and says so', async () => {
    const { fetch, user } = renderCompose('/compose?community=c3');
    expect(
      await screen.findByText('You cannot post in that community, so this post goes to your followers.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Post to' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Post text' }), 'Salam');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent(fetch)).toBeDefined());
    expect(sent(fetch).has('communityId')).toBe(false);
  });
});
