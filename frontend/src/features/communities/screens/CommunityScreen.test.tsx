import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makePost } from '@/resources/posts/testing';
import { type Call, installFetch } from '@/testing/installFetch';
import { type FakeRoute, MEMBER } from '@/testing/render';

import { makeCommunity, MEMBER_STATE, OUTSIDER } from '../testing/fixtures';
import { renderCommunities } from '../testing/renderCommunities';
import type { CommunityView } from '../types';

const SLUG = 'tajweed-circle';
const PATH = `/api/communities/${SLUG}`;
const postsCalls = (calls: Call[]) => calls.filter((c) => c.path === `${PATH}/posts`);
const header = () => screen.getByRole('heading', { level: 1 }).closest('header')!;

function serve(
  community: CommunityView,
  extra: (call: Call) => FakeRoute | undefined = () => undefined,
  user?: object | null,
) {
  return installFetch(
    (call) =>
      extra(call) ??
      (call.method === 'GET' && call.path === PATH
        ? { body: { community } }
        : call.path === `${PATH}/posts`
          ? { body: { pinned: [], posts: [makePost({ id: 'p1', content: 'Lesson one tonight' })], nextCursor: null } }
          : undefined),
    user,
  );
}

describe('/communities/:slug', () => {
  it('joins a public community at once (201): the button becomes Leave and the composer entry appears', async () => {
    const joined = makeCommunity({ me: MEMBER_STATE, memberCount: 13 });
    const calls = serve(makeCommunity(), (call) =>
      call.method === 'POST' && call.path === `${PATH}/join` ? { status: 201, body: { community: joined } } : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tajweed Circle' })).toBeInTheDocument();
    expect(header()).toHaveTextContent('12 members');
    expect(screen.queryByRole('link', { name: 'Write a post' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You joined Tajweed Circle')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(header()).toHaveTextContent('13 members');
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute(
      'href',
      '/compose?community=c-tajweed-circle',
    );
    expect(calls.filter((c) => c.path === `${PATH}/join`)).toHaveLength(1);
  });

  it('asks to join a private one (202): Requested, which withdraws the request', async () => {
    const closed = makeCommunity({ privacy: 'private' });
    const requested = makeCommunity({ privacy: 'private', me: { ...OUTSIDER, standing: 'requested' } });
    const calls = serve(closed, (call) =>
      call.method === 'POST' && call.path === `${PATH}/join`
        ? { status: 202, body: { community: requested } }
        : call.method === 'POST' && call.path === `${PATH}/leave`
          ? { body: { community: closed } }
          : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    await user.click(await screen.findByRole('button', { name: 'Request to join' }));
    expect(
      await screen.findByText('Request sent: the moderators of Tajweed Circle will review it.'),
    ).toBeInTheDocument();
    expect(header()).toHaveTextContent('Requested');
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByRole('button', { name: 'Request to join' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${PATH}/join`, `${PATH}/leave`]);
  });

  it('asks before leaving, and shows a banned member no way in', async () => {
    const calls = serve(makeCommunity({ me: MEMBER_STATE }), (call) =>
      call.path === `${PATH}/leave`
        ? { body: { community: makeCommunity({ me: { ...OUTSIDER, standing: 'banned' } }) } }
        : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave Tajweed Circle?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You are banned from this community.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join|Leave/ })).toBeNull();
  });

  it("keeps a private community's posts and members from an outsider, without asking for them", async () => {
    const calls = serve(makeCommunity({ privacy: 'private' }));
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    expect(await screen.findByText('This community is private. Join to see its posts.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(screen.getByText('This community is private. Join to see who is in it.')).toBeInTheDocument();
    // The about page and the rules are open to everyone.
    await user.click(screen.getByRole('tab', { name: 'About' }));
    expect(screen.getByText('Reading the Quran well, together.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Rules' }));
    expect(
      within(screen.getByRole('region', { name: 'Rules' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Be kind', 'No spam']);
    expect(postsCalls(calls)).toEqual([]);
    expect(calls.filter((c) => c.path === `${PATH}/members`)).toEqual([]);
  });

  it('shows a member the feed of a private community, pinned announcements first, and their settings', async () => {
    const member = makeCommunity({ privacy: 'private', me: MEMBER_STATE });
    const calls = serve(member, (call) =>
      call.path === `${PATH}/posts`
        ? {
            body: {
              pinned: [makePost({ id: 'a1', content: 'Eid prayer at 7' })],
              posts: [makePost({ id: 'a1', content: 'Eid prayer at 7' }), makePost({ id: 'p2', content: 'Homework' })],
              nextCursor: null,
            },
          }
        : call.method === 'PUT' && call.path === `${PATH}/settings`
          ? { body: { community: { ...member, me: { ...MEMBER_STATE, notify: 'pinned' } } } }
          : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    const pinned = await screen.findByRole('region', { name: 'Pinned announcements' });
    expect(within(pinned).getByText('Eid prayer at 7')).toBeInTheDocument();
    const feed = screen.getByRole('feed', { name: 'Community posts' });
    expect(within(feed).getByText('Homework')).toBeInTheDocument();
    expect(within(feed).queryByText('Eid prayer at 7')).toBeNull();
    // Members see no moderator tools.
    expect(screen.queryByRole('group', { name: 'Moderator actions' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Moderator tools' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'About' }));
    expect(screen.getByRole('switch', { name: 'Show in my home feed' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Pinned announcements only' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ notify: 'pinned' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Pinned announcements only' })).toBeChecked());
  });

  it('offers a muted member no composer entry, and says why', async () => {
    serve(makeCommunity({ me: { ...MEMBER_STATE, muted: true } }));
    await renderCommunities(`/communities/${SLUG}`);
    expect(
      await screen.findByText('You are muted in this community: you can read, but not post or comment.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Write a post' })).toBeNull();
  });

  it('says when a community does not exist', async () => {
    installFetch((call) =>
      call.path === '/api/communities/nowhere'
        ? { status: 404, body: { error: 'Not Found', message: 'No such community', code: 'COMMUNITY_NOT_FOUND' } }
        : undefined,
    );
    await renderCommunities('/communities/nowhere');
    expect(await screen.findByRole('heading', { name: 'Community not found' })).toBeInTheDocument();
  });

  it('lets a guest read a public community and sends Join to sign in', async () => {
    const calls = serve(makeCommunity({ me: null }), undefined, null);
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    expect(await screen.findByText('Lesson one tonight')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("lets the app's moderators close a community from its About tab, with a reason", async () => {
    const calls = serve(
      makeCommunity({ privacy: 'private', me: OUTSIDER }),
      (call) => (call.method === 'DELETE' ? { body: { deleted: true } } : undefined),
      { ...MEMBER, role: 'moderator' },
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    await user.click(await screen.findByRole('tab', { name: 'About' }));
    await user.click(screen.getByRole('button', { name: 'Delete community' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete community' }));
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Selling fake certificates');
    await user.click(within(dialog).getByRole('button', { name: 'Delete community' }));
    expect(await screen.findByText('Community deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Selling fake certificates' });
  });

  it('offers a member no way to delete the community', async () => {
    serve(makeCommunity({ me: MEMBER_STATE }));
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    await user.click(await screen.findByRole('tab', { name: 'About' }));
    expect(screen.queryByRole('button', { name: 'Delete community' })).toBeNull();
  });
});
