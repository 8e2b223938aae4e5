import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makePost } from '@/resources/posts/testing';
import { installFetch } from '@/testing/installFetch';

import { makeCommunity, MEMBER_STATE } from '../testing/fixtures';
import { renderCommunities } from '../testing/renderCommunities';

const SLUG = 'tajweed-circle';
const PATH = `/api/communities/${SLUG}`;
const report = (postId: string, content: string, reportCount: number) => ({
  postId,
  post: makePost({ id: postId, content }),
  reasons: ['spam'],
  reportCount,
  firstReportedAt: new Date(Date.now() - 5 * 3_600_000).toISOString(),
  lastReportedAt: new Date(Date.now() - 3_600_000).toISOString(),
});

describe('/communities/:slug/reports', () => {
  it("lists reports on the community's posts; a moderator removes one with a reason and keeps another", async () => {
    let reports = [report('p1', 'Buy followers here', 3), report('p2', 'A heated debate', 1)];
    const calls = installFetch((call) =>
      call.method === 'GET' && call.path === PATH
        ? { body: { community: makeCommunity({ me: { ...MEMBER_STATE, role: 'moderator' } }) } }
        : call.path === `${PATH}/reports`
          ? { body: { reports } }
          : call.path === `${PATH}/posts/p1/remove`
            ? ((reports = reports.filter((r) => r.postId !== 'p1')), { body: { removed: true } })
            : call.path === `${PATH}/reports/p2/dismiss`
              ? ((reports = reports.filter((r) => r.postId !== 'p2')), { body: { dismissed: true } })
              : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}/reports`);
    const spam = await screen.findByRole('listitem', { name: 'A post reported 3 times' });
    expect(spam).toHaveTextContent('Buy followers here');
    expect(spam).toHaveTextContent('3 reports');
    await user.click(within(spam).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this post?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Post removed from the community')).toBeInTheDocument();
    // The toast comes with the answer; the list with the queue asked again, a moment later.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'A post reported 3 times' })).toBeNull());

    await user.click(
      within(screen.getByRole('listitem', { name: 'A post reported once' })).getByRole('button', { name: 'Keep' }),
    );
    expect(await screen.findByText('Post kept: its reports are closed')).toBeInTheDocument();
    expect(await screen.findByText("No reports on this community's posts.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body ?? null])).toEqual([
      [`${PATH}/posts/p1/remove`, { reason: 'Spam' }],
      [`${PATH}/reports/p2/dismiss`, null],
    ]);
    // The queue is asked again after each: what the server now holds is what shows.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === `${PATH}/reports`)).toHaveLength(3),
    );
  });

  it('keeps the report listed and says so when the server refuses to dismiss it', async () => {
    installFetch((call) =>
      call.method === 'GET' && call.path === PATH
        ? { body: { community: makeCommunity({ me: { ...MEMBER_STATE, role: 'moderator' } }) } }
        : call.path === `${PATH}/reports`
          ? { body: { reports: [report('p2', 'A heated debate', 1)] } }
          : call.path === `${PATH}/reports/p2/dismiss`
            ? {
                status: 403,
                body: { error: 'Forbidden', message: 'Only its moderators', code: 'NOT_COMMUNITY_MODERATOR' },
              }
            : undefined,
    );
    const user = userEvent.setup();
    await renderCommunities(`/communities/${SLUG}/reports`);
    const item = await screen.findByRole('listitem', { name: 'A post reported once' });
    await user.click(within(item).getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('Only its moderators')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'A post reported once' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Keep' })).toBeEnabled();
  });
});
