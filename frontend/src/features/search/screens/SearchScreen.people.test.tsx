import type { SuggestionsView } from '@contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { deferred } from '@/testing/deferred';
import { GUEST_ROUTES, MEMBER, MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { person, RESULTS, suggested } from '../testFixtures';
import { calls, holdCalls, renderSearch, SEARCH_ROUTES, sessionKnown } from '../testRender';

const box = () => within(screen.getByRole('search')).getByRole('combobox');
const suggestionsList = () => screen.findByRole('list', { name: 'People you may know' });

const KHADIJA = suggested({
  id: 'u7',
  username: 'khadija',
  displayName: 'Khadija Omar',
  reason: {
    kind: 'followedBy',
    names: [{ id: 'u3', username: 'amina_y', displayName: 'Amina' }],
    othersCount: 2,
  },
});
const YUSUF = suggested({
  id: 'u8',
  username: 'yusuf',
  displayName: 'يوسف',
  isFollowingBack: true,
  reason: { kind: 'sameCity', city: 'Nairobi' },
});
const SUGGESTIONS: SuggestionsView = { users: [KHADIJA, YUSUF] };
const BILAL = RESULTS[0]!.type === 'user' ? RESULTS[0]! : person({ id: 'u2', username: 'bilal' });

describe('finding people on /search', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows people I may know before anything is typed, each with why and a Follow button', async () => {
    const fetch = mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/users/suggestions': { body: SUGGESTIONS },
    });
    renderSearch();
    const list = await suggestionsList();
    const [khadija, yusuf] = within(list).getAllByRole('listitem');
    expect(within(khadija!).getByRole('link', { name: /Khadija Omar/ })).toHaveAttribute('href', '/profile/khadija');
    expect(within(khadija!).getByText('Followed by \u2068Amina\u2069 and 2 others')).toBeInTheDocument();
    expect(within(khadija!).getByRole('button', { name: 'Follow @khadija' })).toHaveAttribute('aria-pressed', 'false');
    // An Arabic name in a Latin page keeps its direction; the handle reads left to right.
    expect(within(yusuf!).getByText('يوسف').tagName).toBe('BDI');
    expect(within(yusuf!).getByText('@yusuf')).toHaveAttribute('dir', 'ltr');
    expect(within(yusuf!).getByText('From \u2068Nairobi\u2069, like you')).toBeInTheDocument();
    expect(within(yusuf!).getByRole('button', { name: 'Follow Back @yusuf' })).toBeInTheDocument();
    expect(calls(fetch, '/api/users/suggestions').map((c) => c.url)).toEqual(['/api/users/suggestions?limit=10']);
  });

  it('follows in place at once, keeps the row as Following once the server agrees, and can undo it', async () => {
    const gate = deferred();
    let followed = false;
    const fetch = holdCalls(
      mockFetch({
        ...MEMBER_ROUTES,
        ...SEARCH_ROUTES,
        // Once followed, the server no longer suggests them.
        'GET /api/users/suggestions': () => ({ body: followed ? { users: [YUSUF] } : SUGGESTIONS }),
        'POST /api/users/u7/follow': () => {
          followed = true;
          return { body: { success: true, userId: 'u7', myFollowState: 'following', relationship: {} } };
        },
        'DELETE /api/users/u7/follow': () => {
          followed = false;
          return { body: { success: true, userId: 'u7', myFollowState: 'not_following', relationship: {} } };
        },
      }),
      '/api/users/u7/follow',
      gate.promise,
    );
    const user = userEvent.setup();
    const { store } = renderSearch();
    await sessionKnown(store);
    const list = await suggestionsList();
    await user.click(within(list).getByRole('button', { name: 'Follow @khadija' }));
    // Before the server answers (it is held until the gate opens).
    expect(await within(list).findByRole('button', { name: 'Following @khadija, select to unfollow' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls(fetch, '/api/users/suggestions')).toHaveLength(1);
    gate.resolve();
    await waitFor(() => expect(calls(fetch, '/api/users/suggestions')).toHaveLength(2));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByRole('button', { name: /^Following @khadija/ })).toBeEnabled();
    expect(calls(fetch, '/api/users/u7/follow', 'POST')).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: /^Following @khadija/ }));
    expect(await within(list).findByRole('button', { name: 'Follow @khadija' })).toBeInTheDocument();
    expect(calls(fetch, '/api/users/u7/follow', 'DELETE')).toHaveLength(1);
  });

  it('puts the button back and says so when the follow fails', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/users/suggestions': { body: SUGGESTIONS },
      'POST /api/users/u7/follow': { status: 500, body: { message: 'Internal error' } },
    });
    const user = userEvent.setup();
    const { store } = renderSearch();
    await sessionKnown(store);
    const list = await suggestionsList();
    await user.click(within(list).getByRole('button', { name: 'Follow @khadija' }));
    expect(await within(list).findByRole('button', { name: 'Follow @khadija' })).toBeEnabled();
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.message)).toContain('Failed to follow @khadija. Please try again.'),
    );
  });

  it('says so when there is no one to suggest, and shows nothing of it to a guest', async () => {
    mockFetch({ ...MEMBER_ROUTES, ...SEARCH_ROUTES });
    const { unmount } = renderSearch();
    expect(await screen.findByText('No suggestions yet. Search for people by name above.')).toBeInTheDocument();
    unmount();

    const fetch = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/users/suggestions': { body: SUGGESTIONS } });
    const { store } = renderSearch();
    await sessionKnown(store);
    expect(await screen.findByRole('heading', { name: 'Discover and ask' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'People you may know' })).not.toBeInTheDocument();
    expect(calls(fetch, '/api/users/suggestions')).toEqual([]);
  });

  it('opens ready for a name from the menu’s Find Users (/search?find=people)', async () => {
    mockFetch({ ...MEMBER_ROUTES, ...SEARCH_ROUTES, 'GET /api/users/suggestions': { body: SUGGESTIONS } });
    renderSearch('/search?find=people');
    await waitFor(() => expect(box()).toHaveFocus());
    expect(screen.getByText('Type a name or @username to find members.')).toBeInTheDocument();
    expect(await suggestionsList()).toBeInTheDocument();
  });

  it('in Arabic too', async () => {
    await act(() => i18n.changeLanguage('ar'));
    mockFetch({ ...MEMBER_ROUTES, ...SEARCH_ROUTES, 'GET /api/users/suggestions': { body: SUGGESTIONS } });
    renderSearch();
    const list = await screen.findByRole('list', { name: 'أشخاص قد يكونون من معارفك' });
    expect(within(list).getByText('من متابِعي هذا الحساب: \u2068Amina\u2069 وشخصان آخران')).toBeInTheDocument();
    expect(within(list).getByText('من \u2068Nairobi\u2069 مثلك')).toBeInTheDocument();
  });

  it('gives people in the search results a Follow button that follows in place (never on my own row)', async () => {
    const me = person({ id: MEMBER.id, username: MEMBER.username, name: MEMBER.name });
    let followed = false;
    const gate = deferred();
    const fetch = holdCalls(
      mockFetch({
        ...MEMBER_ROUTES,
        ...SEARCH_ROUTES,
        'GET /api/search/results': () => ({ body: [person({ ...BILAL, isFollowing: followed }), me] }),
        'POST /api/users/u2/follow': () => {
          followed = true;
          return { body: { success: true, userId: 'u2', myFollowState: 'following', relationship: {} } };
        },
      }),
      '/api/users/u2/follow',
      gate.promise,
    );
    const user = userEvent.setup();
    const { store } = renderSearch('/search?q=bilal');
    await sessionKnown(store);
    const list = await screen.findByRole('list', { name: 'Search results for "bilal"' });
    const [bilal, mine] = within(list).getAllByRole('listitem');
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument();
    // Bilal follows me: Follow Back, then Following at once.
    await user.click(within(bilal!).getByRole('button', { name: 'Follow Back @bilal' }));
    // Before the server answers (it is held until the gate opens).
    expect(await within(list).findByRole('button', { name: /^Following @bilal/ })).toBeInTheDocument();
    gate.resolve();
    // The results are asked again once the server agrees, in place: still Following.
    await waitFor(() => expect(calls(fetch, '/api/search/results')).toHaveLength(2));
    expect(await within(list).findByRole('button', { name: /^Following @bilal/ })).toBeEnabled();
    expect(calls(fetch, '/api/users/u2/follow', 'POST')).toHaveLength(1);
  });
});
