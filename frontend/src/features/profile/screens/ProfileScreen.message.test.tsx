import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';

import { makeConversation } from '@/features/messages/testing/fixtures';
import { GUEST_ROUTES, MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { OWN_PROFILE, profileOf } from '../testFixtures';
import { EMPTY_TABS, renderProfile } from '../testing/renderProfile';

/** Where the app went: the messages screen itself is not under test here. */
function Landed({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <p>{`${name} ${pathname}${search}`}</p>;
}

const renderProfileAt = (route: string) =>
  renderProfile(route, {
    '/messages': <Landed name="messages screen" />,
    '/auth': <Landed name="sign-in screen" />,
  });

const BILAL = profileOf();
const NOT_BLOCKED = {
  isFollowing: false,
  isFollowingBack: false,
  isBlocked: false,
  hasBlockedMe: false,
  isMuted: false,
};

/** The button may show before /api/auth/me answers; a click then would do nothing yet. */
const sessionKnown = (store: ReturnType<typeof renderProfile>['store']) =>
  waitFor(() => expect(['fulfilled', 'rejected']).toContain(store.getState().api.queries['getMe(undefined)']?.status));

const conversationCalls = (fetch: jest.Mock) =>
  fetch.mock.calls
    .filter(([url]) => String(url) === '/api/conversations')
    .map(([url, init]: [string, RequestInit | undefined]) => [url, init?.method, JSON.parse(String(init?.body))]);

describe('the Message button of a profile', () => {
  it("shows beside Follow on another member's profile, not on my own", async () => {
    mockFetch({ ...MEMBER_ROUTES, ...EMPTY_TABS, 'GET /api/profile/bilal': { body: BILAL } });
    const other = renderProfileAt('/profile/bilal');
    expect(await screen.findByRole('button', { name: 'Message @bilal' })).toHaveTextContent('Message');
    expect(screen.getByRole('button', { name: /^Follow @bilal/ })).toBeInTheDocument();
    other.unmount();

    mockFetch({ ...MEMBER_ROUTES, ...EMPTY_TABS, 'GET /api/profile/amina': { body: OWN_PROFILE } });
    renderProfileAt('/profile/amina');
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument();
  });

  it('opens the conversation with them: starts it on the server, then goes to it', async () => {
    const fetch = mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': { body: BILAL },
      'POST /api/conversations': { status: 201, body: makeConversation({ id: 'c 7' }) },
    });
    const user = userEvent.setup();
    const { store } = renderProfileAt('/profile/bilal');
    await sessionKnown(store);
    await user.click(await screen.findByRole('button', { name: 'Message @bilal' }));
    expect(await screen.findByText('messages screen /messages?conversation=c%207')).toBeInTheDocument();
    expect(conversationCalls(fetch)).toEqual([['/api/conversations', 'POST', { userId: 'u2' }]]);
  });

  it('stays on the profile and says why when the server refuses', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...EMPTY_TABS,
      'GET /api/profile/bilal': { body: BILAL },
      'POST /api/conversations': { status: 403, body: { message: 'You cannot message this user', code: 'BLOCKED' } },
    });
    const user = userEvent.setup();
    const { store } = renderProfileAt('/profile/bilal');
    await sessionKnown(store);
    await user.click(await screen.findByRole('button', { name: 'Message @bilal' }));
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.message)).toEqual([
        "Couldn't open the conversation: You cannot message this user",
      ]),
    );
    expect(screen.getByRole('button', { name: 'Message @bilal' })).toBeEnabled();
    expect(screen.queryByText(/messages screen/)).not.toBeInTheDocument();
  });

  it('sends a guest to sign in, without asking the server', async () => {
    const fetch = mockFetch({ ...GUEST_ROUTES, ...EMPTY_TABS, 'GET /api/profile/bilal': { body: BILAL } });
    const user = userEvent.setup();
    const { store } = renderProfileAt('/profile/bilal');
    await sessionKnown(store);
    await user.click(await screen.findByRole('button', { name: 'Message @bilal' }));
    expect(await screen.findByText('sign-in screen /auth')).toBeInTheDocument();
    expect(conversationCalls(fetch)).toEqual([]);
  });

  it.each([
    ['I blocked them', { isBlocked: true }, "they can't follow or message you"],
    ['they blocked me', { hasBlockedMe: true }, 'follow them or message them'],
  ])('is not offered when %s, and the profile says why', async (_case, blocked, why) => {
    mockFetch({
      ...MEMBER_ROUTES,
      'GET /api/profile/bilal': { body: profileOf({ isReduced: true, relationship: { ...NOT_BLOCKED, ...blocked } }) },
    });
    renderProfileAt('/profile/bilal');
    expect(await screen.findByText(new RegExp(why))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument();
  });
});
