import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeStore } from '@/app/store';
import { makePost } from '@/resources/posts/testing';
import { authApi } from '@/resources/session/api';
import { installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';

import { PostCard } from './PostCard';

// A shared AI answer as every view but its author's shows it: no userId, no name (contract/posts.ts).
const anonymousShare = (isOwn: boolean) =>
  makePost({
    id: 's1',
    type: 'ai_answer',
    content: 'Is patience rewarded?',
    aiQuestion: 'Is patience rewarded?',
    aiAnswer: 'Allah is with the patient (2:153).',
    isAnonymous: true,
    isOwn,
    userId: '',
    user: { id: '', name: '', displayName: '', username: '', profileImage: null, avatarUrl: null, isVerified: false },
  });

function storeWith(user: typeof MEMBER | null) {
  const store = makeStore();
  store.dispatch(authApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: user as never }]));
  // getMe is kept for no time without a subscriber (the app root holds one): hold it as the app does.
  void store.dispatch(authApi.endpoints.getMe.initiate());
  return store;
}

const openMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'More options' }));
  return screen.getByRole('menu');
};
const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('PostCard: an anonymous shared answer', () => {
  it('offers its author Delete and Copy link (no edit, no pin), still showing Anonymous, and deletes after the confirm', async () => {
    const calls = installFetch(({ method, path }) =>
      method === 'DELETE' && path === '/api/posts/s1' ? { body: { success: true } } : undefined,
    );
    const store = storeWith(MEMBER);
    renderWithProviders(<PostCard post={anonymousShare(true)} />, { store });
    expect(screen.getByRole('article', { name: 'Post by Anonymous' })).toBeInTheDocument();
    const menu = await openMenu();
    expect(itemNames(menu)).toEqual(['Delete', 'Copy link']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/posts/s1']),
    );
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain('Post deleted'));
  });

  it('offers another member no Delete, and nobody to mute or block', async () => {
    installFetch(() => undefined);
    renderWithProviders(<PostCard post={anonymousShare(false)} />, { store: storeWith(MEMBER) });
    expect(itemNames(await openMenu())).toEqual(['Report', 'Repost', 'Quote']);
  });

  it('offers a guest no Delete, whatever a cached copy says', async () => {
    installFetch(() => undefined);
    renderWithProviders(<PostCard post={anonymousShare(true)} />, { store: storeWith(null) });
    expect(itemNames(await openMenu())).not.toContain('Delete');
  });
});
