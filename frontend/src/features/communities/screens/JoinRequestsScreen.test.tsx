import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { makeCommunity, MEMBER_STATE, person } from '../testing/fixtures';
import { renderCommunities } from '../testing/renderCommunities';
import type { CommunityRole } from '../types';

const SLUG = 'sisters-circle';
const PATH = `/api/communities/${SLUG}`;

function serve(role: CommunityRole, extra: (call: Call) => FakeRoute | undefined = () => undefined) {
  const community = makeCommunity({
    slug: SLUG,
    name: 'Sisters Circle',
    privacy: 'private',
    me: { ...MEMBER_STATE, role },
  });
  let waiting = [
    { user: person('u6', 'Maryam'), requestedAt: new Date(Date.now() - 2 * 3_600_000).toISOString() },
    { user: person('u7', 'Zainab'), requestedAt: new Date(Date.now() - 3_600_000).toISOString() },
  ];
  return installFetch(
    (call) =>
      extra(call) ??
      (call.method === 'GET' && call.path === PATH
        ? { body: { community } }
        : call.path === `${PATH}/requests`
          ? { body: { requests: waiting, nextCursor: null } }
          : /\/requests\/u\d\/(approve|decline)$/.test(call.path)
            ? ((waiting = waiting.filter((r) => !call.path.includes(`/${r.user.id}/`))),
              { body: { community: { ...community, pendingRequests: waiting.length } } })
            : undefined),
  );
}

describe('/communities/:slug/requests', () => {
  it('approves and declines requests, oldest first', async () => {
    const calls = serve('moderator');
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}/requests`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join requests' })).toBeInTheDocument();
    const maryam = await screen.findByRole('listitem', { name: 'Maryam' });
    expect(maryam).toHaveTextContent('Waiting: 2h');
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Maryam', 'Zainab']);

    await user.click(within(maryam).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Maryam is now a member')).toBeInTheDocument();
    await user.click(
      within(await screen.findByRole('listitem', { name: 'Zainab' })).getByRole('button', { name: 'Decline' }),
    );
    expect(await screen.findByText('The request of Zainab was declined')).toBeInTheDocument();
    expect(await screen.findByText('No requests waiting.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `${PATH}/requests/u6/approve`,
      `${PATH}/requests/u7/decline`,
    ]);
  });

  it('invites a member by username and says when the server refuses', async () => {
    const calls = serve('owner', (call) =>
      call.path === `${PATH}/invites`
        ? (call.body as { username: string }).username === 'ghost'
          ? { status: 404, body: { error: 'Not Found', message: 'No member called ghost', code: 'USER_NOT_FOUND' } }
          : { status: 201, body: { invited: 'u8' } }
        : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}/requests`);
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getByText('Enter a username')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Username' }), 'ghost');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('No member called ghost')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: 'Username' }));
    await user.type(within(form).getByRole('textbox', { name: 'Username' }), '@hafsa');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('@hafsa is invited: they can join without a request')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `${PATH}/invites`).map((c) => c.body)).toEqual([
      { username: 'ghost' },
      { username: 'hafsa' },
    ]);
  });

  it('is for moderators only: a member is told so and nothing is asked for', async () => {
    const calls = serve('member');
    await renderCommunities(`/communities/${SLUG}/requests`);
    expect(await screen.findByText("This page is for the community's moderators.")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `${PATH}/requests`)).toEqual([]);
  });
});
