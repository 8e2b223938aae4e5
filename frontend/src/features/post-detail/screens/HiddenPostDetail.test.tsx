import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import { installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';
import { Toasts } from '@/ui/toast';

import { makePost, ME_AS_AUTHOR } from '../testFixtures';
import PostDetailScreen from './PostDetailScreen';

const HIDDEN_AT = '2026-11-30T10:00:00.000Z';
const hidden = makePost({
  userId: ME_AS_AUTHOR.id,
  user: ME_AS_AUTHOR,
  isOwn: true,
  moderation: {
    status: 'hidden',
    by: 'moderators',
    reason: 'Selling in the feed',
    hiddenAt: HIDDEN_AT,
    appeal: null,
    canAppeal: true,
  },
});
const URL = `/api/posts/${hidden.id}`;

describe('post detail: a hidden post, as its author opens it from the notice', () => {
  it('shows why it is hidden, keeps its comments aside, and takes one appeal', async () => {
    const appealed = {
      ...hidden,
      moderation: {
        ...hidden.moderation!,
        appeal: { status: 'pending' as const, text: 'A gift', at: '2026-11-30T11:00:00.000Z', decision: null },
        canAppeal: false,
      },
    };
    const calls = installFetch(({ method, path }) => {
      if (method === 'GET' && path === URL) return { body: hidden };
      if (method === 'POST' && path === `${URL}/appeal`)
        return { status: 201, body: { success: true, message: 'sent', post: appealed } };
      return undefined;
    });
    renderWithProviders(
      <>
        <Routes>
          <Route path="/post/:id" element={<PostDetailScreen />} />
        </Routes>
        <Toasts />
      </>,
      { route: `/post/${hidden.id}` },
    );
    const banner = await screen.findByRole('region', { name: 'Hidden post' });
    expect(within(banner).getByText('Selling in the feed')).toBeInTheDocument();
    expect(
      screen.getByText('Comments are hidden with the post until the moderators show it again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Post statistics' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/comments'))).toBe(false);

    await userEvent.click(within(banner).getByRole('button', { name: 'Appeal' }));
    const dialog = screen.getByRole('dialog', { name: 'Appeal this decision' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'A gift');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The screen's copy of the post now says the appeal waits, and Appeal is gone.
    expect(await within(banner).findByText(/^You appealed on /)).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
    expect(await screen.findByText('Appeal sent. The moderators will review your post.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `${URL}/appeal`).map((c) => c.body)).toEqual([
      { text: 'A gift' },
    ]);
  });

  it('answers everyone else "Post not found", as the server does', async () => {
    installFetch(({ path }) => (path === URL ? { status: 404, body: { message: 'Post not found' } } : undefined));
    renderWithProviders(
      <Routes>
        <Route path="/post/:id" element={<PostDetailScreen />} />
      </Routes>,
      { route: `/post/${hidden.id}` },
    );
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  });
});
