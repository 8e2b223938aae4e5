import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makePost } from '@/resources/posts/testing';
import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { makeCommunity, makeMember, MEMBER_STATE } from '../testing/fixtures';
import { renderCommunities } from '../testing/renderCommunities';
import type { CommunityRole } from '../types';

const SLUG = 'tajweed-circle';
const PATH = `/api/communities/${SLUG}`;
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

const MEMBERS = [
  makeMember('u1', 'Amina', { role: 'owner' }),
  makeMember('u3', 'Bilal', { role: 'moderator' }),
  makeMember('u4', 'Khadija'),
  makeMember('u5', 'Omar', { muted: true }),
];

function serve(role: CommunityRole, extra: (call: Call) => FakeRoute | undefined = () => undefined) {
  const community = makeCommunity({ me: { ...MEMBER_STATE, role }, pendingRequests: 3 });
  let pinned = false;
  return installFetch(
    (call) =>
      extra(call) ??
      (call.method === 'GET' && call.path === PATH
        ? { body: { community } }
        : call.path === `${PATH}/posts`
          ? {
              body: {
                pinned: pinned ? [makePost({ id: 'p1', content: 'Class moved to Friday' })] : [],
                posts: pinned ? [] : [makePost({ id: 'p1', content: 'Class moved to Friday' })],
                nextCursor: null,
              },
            }
          : call.path === `${PATH}/posts/p1/pin`
            ? ((pinned = call.method === 'POST'), { body: { pinned } })
            : call.path === `${PATH}/posts/p1/remove`
              ? { body: { removed: true } }
              : call.path === `${PATH}/members`
                ? { body: { members: MEMBERS, nextCursor: null } }
                : call.path === `${PATH}/bans`
                  ? { body: { bans: [] } }
                  : undefined),
  );
}

describe('a community for its moderators', () => {
  it('offers Edit, Join requests with their count and Reports', async () => {
    serve('moderator');
    await renderCommunities(`/communities/${SLUG}`);
    const tools = await screen.findByRole('navigation', { name: 'Moderator tools' });
    expect(within(tools).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/communities/${SLUG}/edit`);
    expect(within(tools).getByRole('link', { name: 'Join requests (3)' })).toHaveAttribute(
      'href',
      `/communities/${SLUG}/requests`,
    );
    expect(within(tools).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      `/communities/${SLUG}/reports`,
    );
  });

  it('pins a post as an announcement and unpins it', async () => {
    const calls = serve('moderator');
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    const feed = await screen.findByRole('feed', { name: 'Community posts' });
    await user.click(within(feed).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Pinned as an announcement')).toBeInTheDocument();
    const pinned = await screen.findByRole('region', { name: 'Pinned announcements' });
    await user.click(within(pinned).getByRole('button', { name: 'Unpin' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pinned announcements' })).toBeNull());
    expect(calls.filter((c) => c.path.endsWith('/pin')).map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });

  it('removes a post from the community only with a reason', async () => {
    const calls = serve('moderator');
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}`);
    const feed = await screen.findByRole('feed', { name: 'Community posts' });
    await user.click(within(feed).getByRole('button', { name: 'Remove from community' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Off topic');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Post removed from the community')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(calls)).toEqual([
      expect.objectContaining({ path: `${PATH}/posts/p1/remove`, body: { reason: 'Off topic' } }),
    ]);
  });

  it("gives the owner every member action but none on themselves, and a moderator only members' mute and ban", async () => {
    serve('owner');
    const user = userEvent.setup();
    const view = await renderCommunities(`/communities/${SLUG}?tab=members`);
    const list = await screen.findByRole('region', { name: 'Members' });
    await within(list).findByText('Khadija');
    const row = (name: string) => within(list).getByText(name).closest('li')!;
    expect(row('Amina')).toHaveTextContent('Owner');
    expect(row('Bilal')).toHaveTextContent('Moderator');
    expect(row('Omar')).toHaveTextContent('Muted');
    expect(within(row('Amina')).queryByRole('button', { name: /Actions for/ })).toBeNull();

    await user.click(within(row('Bilal')).getByRole('button', { name: 'Actions for Bilal' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Remove moderator',
      'Hand over ownership',
      'Mute',
      'Ban',
    ]);
    await user.keyboard('{Escape}');
    await user.click(within(row('Omar')).getByRole('button', { name: 'Actions for Omar' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Make moderator',
      'Hand over ownership',
      'Unmute',
      'Ban',
    ]);
    await user.keyboard('{Escape}');
    view.unmount();

    serve('moderator');
    await renderCommunities(`/communities/${SLUG}?tab=members`);
    const again = await screen.findByRole('region', { name: 'Members' });
    await within(again).findByText('Khadija');
    expect(
      within(again)
        .getAllByRole('button', { name: /Actions for/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Actions for Khadija', 'Actions for Omar']);
  });

  it('bans a member with a reason, hands ownership over after asking, and makes a moderator', async () => {
    const calls = serve('owner', (call) =>
      call.path === `${PATH}/members/u4/ban`
        ? { body: { banned: true } }
        : call.path === `${PATH}/owner`
          ? { body: { community: makeCommunity({ me: { ...MEMBER_STATE, role: 'moderator' } }) } }
          : call.path === `${PATH}/members/u5/role`
            ? { body: { member: makeMember('u5', 'Omar', { role: 'moderator' }) } }
            : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}?tab=members`);
    const list = await screen.findByRole('region', { name: 'Members' });
    await within(list).findByText('Khadija');

    await user.click(within(list).getByRole('button', { name: 'Actions for Khadija' }));
    await user.click(screen.getByRole('menuitem', { name: 'Ban' }));
    const ban = screen.getByRole('alertdialog', { name: 'Ban Khadija?' });
    await user.type(within(ban).getByRole('textbox', { name: 'Reason' }), 'Spam links');
    await user.click(within(ban).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Khadija is banned')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Actions for Omar' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make moderator' }));
    expect(await screen.findByText('Omar is now a moderator')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Actions for Bilal' }));
    await user.click(screen.getByRole('menuitem', { name: 'Hand over ownership' }));
    const handOver = screen.getByRole('alertdialog', { name: 'Hand ownership over to Bilal?' });
    await user.click(within(handOver).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('Bilal is now the owner')).toBeInTheDocument();

    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      [`${PATH}/members/u4/ban`, { reason: 'Spam links' }],
      [`${PATH}/members/u5/role`, { role: 'moderator' }],
      [`${PATH}/owner`, { userId: 'u3' }],
    ]);
  });
});
