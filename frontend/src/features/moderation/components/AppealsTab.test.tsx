import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';
import { Toasts } from '@/ui/toast';

import type { PostAppealEntry } from '../types';
import { AppealsTab } from './AppealsTab';

const appeal = (id: string, over: Partial<PostAppealEntry> = {}): PostAppealEntry => ({
  postId: id,
  streamId: `post-${id}`,
  status: 'pending',
  text: `Words of ${id}`,
  appealedAt: '2026-11-30T11:00:00.000Z',
  hiding: { moderatorId: 'mod1', reason: 'Selling in the feed', at: '2026-11-30T10:00:00.000Z' },
  decision: null,
  author: { id: `a-${id}`, username: `author_${id}`, name: 'Amina' },
  post: { text: `Post ${id}`, author: { id: `a-${id}`, username: `author_${id}` }, state: 'hidden', image: null },
  ...over,
});

function show(pending: PostAppealEntry[], decided: PostAppealEntry[] = []) {
  const calls = installFetch(
    ({ method, url, path }) => {
      if (path === '/api/admin/appeals')
        return { body: { items: url.includes('status=decided') ? decided : pending, nextCursor: null } };
      if (method === 'POST' && path.startsWith('/api/admin/posts/'))
        return {
          body: {
            targetType: 'post',
            targetId: 'p1',
            action: path.endsWith('/restore') ? 'restore' : 'reject_appeal',
            moderatorId: 'mod',
            reason: 'x',
            at: '2026-11-30T12:00:00.000Z',
            notified: 0,
            reportIds: [],
          },
        };
      return undefined;
    },
    { ...MEMBER, role: 'moderator' },
  );
  renderWithProviders(
    <>
      <AppealsTab />
      <Toasts />
    </>,
    { route: '/moderation?tab=appeals' },
  );
  return calls;
}

const card = (username: string) => screen.getByRole('listitem', { name: `Appeal: @${username}` });

describe('AppealsTab', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows each waiting appeal with the post, why it was hidden and the words, and opens the post', async () => {
    show([appeal('p1'), appeal('p2', { text: '', author: null })]);
    const first = await screen.findByRole('listitem', { name: 'Appeal: @author_p1' });
    expect(within(first).getByText('Post p1')).toBeInTheDocument();
    expect(within(first).getByText('Selling in the feed')).toBeInTheDocument();
    expect(within(first).getByText('Words of p1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', '/post/p1');
    expect(within(first).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/moderation?tab=audit&stream=post-p1',
    );
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Restore', 'Keep hidden']);
    const second = screen.getByRole('listitem', { name: 'Appeal: a deleted account' });
    expect(within(second).getByText('No words given.')).toBeInTheDocument();
  });

  it('keeps a post hidden with a reason the author is told, through the reject-appeal route', async () => {
    const calls = show([appeal('p1')]);
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Appeal: @author_p1' })).getByRole('button', {
        name: 'Keep hidden',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Keep hidden: @author_p1' });
    expect(
      within(dialog).getByText('The member concerned is told this reason; reporters are not.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep hidden' }));
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Still selling');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep hidden' }));
    expect(await screen.findByText('Done. The author is told.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/posts/p1/reject-appeal', { reason: 'Still selling' }],
    ]);
  });

  it('restores the post to grant an appeal', async () => {
    const calls = show([appeal('p1')]);
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Appeal: @author_p1' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Restore: @author_p1' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Fair point');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/posts/p1/restore']);
  });

  it('shows decided appeals with what became of them, and no actions', async () => {
    show(
      [],
      [
        appeal('p1', {
          status: 'rejected',
          decision: { moderatorId: 'mod2', reason: 'Still selling', at: '2026-11-30T12:00:00.000Z' },
        }),
        appeal('p2', { status: 'withdrawn', post: { text: null, author: null, state: 'deleted', image: null } }),
      ],
    );
    expect(await screen.findByText('No appeals are waiting.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Decided' }));
    const rejected = await screen.findByRole('listitem', { name: 'Appeal: @author_p1' });
    expect(within(rejected).getByText(/^Kept hidden on/)).toBeInTheDocument();
    expect(within(rejected).getByText('Still selling')).toBeInTheDocument();
    expect(within(rejected).queryByRole('button')).toBeNull();
    const withdrawn = card('author_p2');
    expect(within(withdrawn).getByText(/^Withdrawn/)).toBeInTheDocument();
    expect(within(withdrawn).queryByRole('link', { name: 'Open the post' })).toBeNull();
  });

  it('reads in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    show([appeal('p1')]);
    const item = await screen.findByRole('listitem', { name: 'اعتراض: @author_p1' });
    expect(within(item).getByRole('button', { name: 'إبقاؤه مخفيًا' })).toBeInTheDocument();
  });
});
