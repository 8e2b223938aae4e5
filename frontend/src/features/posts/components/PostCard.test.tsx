import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';

import { api } from '@/app/api';
import { makeStore } from '@/app/store';
import { useGetPostQuery } from '@/resources/posts/api';
import { makePost } from '@/resources/posts/testing';
import type { Post } from '@/resources/posts/types';
import { authApi } from '@/resources/session/api';
import { deferred } from '@/testing/deferred';
import { installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';

import { postTags } from '../index';
import { PostCard } from './PostCard';

// Any other screen's list of posts: it only has to provide {type:'Post', id} for each post.
const listApi = api.injectEndpoints({
  endpoints: (build) => ({
    testPostList: build.query<Post[], void>({
      query: () => '/api/test-list',
      providesTags: (result) => postTags(result),
    }),
  }),
});

function Detail({ id }: { id: string }) {
  const { data } = useGetPostQuery(id);
  return data ? (
    <section aria-label="detail">
      <PostCard post={data} />
    </section>
  ) : null;
}

function List() {
  const { data } = listApi.useTestPostListQuery();
  return (
    <section aria-label="list">
      {data?.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
    </section>
  );
}

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function signedInStore(user: typeof MEMBER | null = MEMBER) {
  const store = makeStore();
  // Synchronous, so the session is there before the first render (upsertQueryData lands a tick
  // later, and a card clicked before it treats the member as a guest).
  store.dispatch(authApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: user as never }]));
  // getMe is kept for no time without a subscriber (the app root holds one): hold it as the app does.
  void store.dispatch(authApi.endpoints.getMe.initiate());
  return store;
}

const cachedPost = (store: ReturnType<typeof makeStore>) =>
  store.getState().api.queries['getPost("p1")']?.data as Post | undefined;

const toasts = (store: ReturnType<typeof makeStore>) => store.getState().toasts.map((t) => t.message);

describe('PostCard optimistic toggles', () => {
  it('likes at once in every cached copy, then rolls back everywhere with the toast when the like fails', async () => {
    const post = makePost({ id: 'p1', likes: 4, likeCount: 4 });
    const answer = deferred<{ status: number; body: unknown }>();
    const calls = installFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/posts/p1') return { body: post };
      if (method === 'GET' && path === '/api/test-list') return { body: [post, makePost({ id: 'p2' })] };
      if (method === 'POST' && path === '/api/posts/p1/like') return answer.promise;
      return undefined;
    });
    const store = signedInStore();
    renderWithProviders(
      <>
        <List />
        <Detail id="p1" />
      </>,
      { store },
    );

    const detail = await screen.findByRole('region', { name: 'detail' });
    const list = await screen.findByRole('region', { name: 'list' });
    await within(list).findByText('Post p2');
    const likeInList = within(list).getAllByRole('button', { name: /^Like, 4 likes/ })[0]!;
    await userEvent.click(likeInList);

    // Optimistic: both copies flip before the server answers (the answer is still held), a frame
    // later: RTK's store batches cache patches to the next animation frame.
    expect(await within(detail).findByRole('button', { name: /^Like, 5 likes/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await within(list).findByRole('button', { name: /^Like, 5 likes/ })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/posts/p1/like')).toBe(true);

    // 404 (the post is gone) is not retried, so the failure lands at once.
    await act(async () => answer.resolve({ status: 404, body: { message: 'Post not found' } }));
    await waitFor(() =>
      expect(within(detail).getByRole('button', { name: /^Like, 4 likes/ })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(within(list).getByRole('button', { name: /^Like, 4 likes/ })).toHaveAttribute('aria-pressed', 'false');
    expect(toasts(store)).toContain(
      'Failed to update like. Please try again. If the problem persists, refresh the page.',
    );
  });

  it('keeps the server count when a bookmark succeeds, and rolls back with its toast when it fails', async () => {
    const post = makePost({ id: 'p1', bookmarks: 1 });
    let fail = false;
    installFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/posts/p1') return { body: post };
      if (path === '/api/posts/p1/bookmark')
        return fail
          ? { status: 500, body: { error: 'boom' } }
          : { body: { success: true, isBookmarked: method === 'POST', bookmarks: 9 } };
      return undefined;
    });
    const store = signedInStore();
    renderWithProviders(<Detail id="p1" />, { store });
    const button = await screen.findByRole('button', { name: 'Bookmark' });
    await userEvent.click(button);
    await waitFor(() => expect(toasts(store)).toContain('Post bookmarked'));
    // The toast is in the store at once; the card shows the settled state on its next render.
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    // The optimistic 1 → 2 gives way to the server's count.
    expect(cachedPost(store)?.bookmarks).toBe(9);

    fail = true;
    await userEvent.click(button);
    await waitFor(() => expect(toasts(store)).toContain('Failed to update bookmark'));
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  });

  it('sends a guest to /auth instead of liking', async () => {
    const calls = installFetch(() => undefined, null);
    renderWithProviders(
      <Routes>
        <Route path="/" element={<PostCard post={makePost()} />} />
        <Route path="/auth" element={<Location />} />
      </Routes>,
      { store: signedInStore(null) },
    );
    await userEvent.click(screen.getByRole('button', { name: /^Like/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(calls.filter((c) => c.path.includes('/like'))).toEqual([]);
  });
});

describe('PostCard text', () => {
  it('cuts long text with See more and links hashtags and mentions', async () => {
    installFetch(() => undefined);
    const content = `Salaam @amina #jumuah ${'word '.repeat(80)}`;
    renderWithProviders(<PostCard post={makePost({ content })} />, { store: signedInStore() });
    expect(screen.getByRole('link', { name: '#jumuah' })).toHaveAttribute('href', '/search?hashtag=jumuah');
    expect(screen.getByRole('link', { name: '@amina' })).toHaveAttribute('href', '/profile/amina');
    const more = screen.getByRole('button', { name: 'See more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: 'See less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a deleted quoted post as deleted and cuts a long quote at 120', () => {
    installFetch(() => undefined);
    const quote = {
      id: 'q',
      deleted: false as const,
      userId: 'u3',
      user: makePost().user,
      content: `${'x'.repeat(100)} ${'y'.repeat(100)}`,
      type: 'text',
      imageUrls: [],
      createdAt: new Date().toISOString(),
    };
    const { unmount } = renderWithProviders(<PostCard post={makePost({ quotedPost: quote })} />, {
      store: signedInStore(),
    });
    expect(screen.getByText(`${'x'.repeat(100)}…`)).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <PostCard post={makePost({ quotedPost: { id: 'q', deleted: true, content: 'This post was deleted' } })} />,
      { store: signedInStore() },
    );
    expect(screen.getByText('This post was deleted')).toBeInTheDocument();
  });
});

describe('PostCard menu', () => {
  const openMenu = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    return screen.getByRole('menu');
  };
  const itemNames = (menu: HTMLElement) =>
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);

  it("gives the owner edit (with minutes left), pin, delete and copy link, but none of the others' actions", async () => {
    installFetch(() => undefined);
    const mine = makePost({
      userId: MEMBER.id,
      user: { ...makePost().user, id: MEMBER.id, username: 'amina' },
      createdAt: new Date(Date.now() - 90_000).toISOString(),
    });
    renderWithProviders(<PostCard post={mine} />, { store: signedInStore() });
    expect(itemNames(await openMenu())).toEqual(['4m to edit', 'Pin to profile', 'Delete', 'Copy link']);
  });

  it('drops edit once the 5-minute window has passed', async () => {
    installFetch(() => undefined);
    const old = makePost({
      userId: MEMBER.id,
      createdAt: new Date(Date.now() - 6 * 60_000).toISOString(),
      isPinned: true,
    });
    renderWithProviders(<PostCard post={old} />, { store: signedInStore() });
    expect(itemNames(await openMenu())).toEqual(['Unpin from profile', 'Delete', 'Copy link']);
  });

  it('gives everyone else report, mute, block, repost and quote', async () => {
    installFetch(() => undefined);
    renderWithProviders(
      <Routes>
        <Route path="/" element={<PostCard post={makePost({ id: 'p9' })} />} />
        <Route path="/compose" element={<Location />} />
      </Routes>,
      { store: signedInStore() },
    );
    const menu = await openMenu();
    expect(itemNames(menu)).toEqual(['Report', 'Mute @yusuf', 'Block @yusuf', 'Repost', 'Quote']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Quote' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/compose?quote=p9');
  });

  it('moves through the menu with arrow keys and closes on Escape', async () => {
    installFetch(() => undefined);
    renderWithProviders(<PostCard post={makePost()} />, { store: signedInStore() });
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Mute @yusuf' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Quote' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More options' })).toHaveFocus();
  });

  it('deletes only after the confirmation, and removes the post from cached lists', async () => {
    const mine = makePost({ id: 'p1', userId: MEMBER.id });
    const calls = installFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/test-list') return { body: [mine] };
      if (method === 'DELETE' && path === '/api/posts/p1') return { body: { success: true } };
      return undefined;
    });
    const store = signedInStore();
    renderWithProviders(<List />, { store });
    await screen.findByText('Post p1');
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete post?' });
    expect(dialog).toHaveAccessibleDescription(
      "This can't be undone. The post will be removed from your profile, the feed and search.",
    );
    // Cancel takes focus first, so Enter does not delete by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Post p1')).not.toBeInTheDocument());
    expect(toasts(store)).toContain('Post deleted');
  });

  it('edits inline within the window: refuses empty text, then saves the trimmed text', async () => {
    const mine = makePost({ id: 'p1', userId: MEMBER.id, createdAt: new Date().toISOString(), content: 'Old text' });
    const calls = installFetch(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/posts/p1') return { body: mine };
      if (method === 'PATCH' && path === '/api/posts/p1/edit')
        return {
          body: { ...mine, content: (body as { content: string }).content, editedAt: new Date().toISOString() },
        };
      return undefined;
    });
    renderWithProviders(<Detail id="p1" />, { store: signedInStore() });
    await screen.findByText('Old text');
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: '5m to edit' }));
    const field = screen.getByRole('textbox', { name: 'Edit post' });
    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Post content cannot be empty');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '  New text  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('New text');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ content: 'New text' });
    expect(screen.getByText(/edited/)).toBeInTheDocument();
  });

  it('reports with a reason and shows the confirmation toast', async () => {
    const calls = installFetch(({ method, path }) =>
      method === 'POST' && path === '/api/posts/p1/report'
        ? { status: 201, body: { success: true, reportId: 'r1', message: 'ok' } }
        : undefined,
    );
    const store = signedInStore();
    renderWithProviders(<PostCard post={makePost({ id: 'p1' })} />, { store });
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please tell us why you are reporting this post');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path.endsWith('/report'))?.body).toEqual({ reason: 'Spam' });
    expect(toasts(store)).toContain('Thank you. Our moderators will review this post.');
  });

  it('mutes the author at once, and blocks only after the confirmation', async () => {
    const calls = installFetch(({ method, path }) =>
      method === 'POST' && path.startsWith('/api/users/u2/') ? { body: { success: true } } : undefined,
    );
    const store = signedInStore();
    renderWithProviders(<PostCard post={makePost({ id: 'p1' })} />, { store });
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Mute @yusuf' }));
    await waitFor(() => expect(toasts(store)).toContain("You muted @yusuf. Their posts won't appear in your feed."));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/users/u2/mute']);

    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Block @yusuf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block @yusuf?' });
    expect(calls.some((c) => c.path === '/api/users/u2/block')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/users/u2/mute',
      '/api/users/u2/block',
    ]);
    expect(toasts(store)).toContain('You blocked @yusuf');
  });

  it('copies the link with a toast when the Web Share API is missing', async () => {
    installFetch(() => undefined);
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const store = signedInStore();
    renderWithProviders(<PostCard post={makePost({ id: 'p1' })} />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toasts(store)).toContain('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/p1`);
  });
});
