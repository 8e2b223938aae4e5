import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';

import { makePost } from '@/features/post-detail/testFixtures';
import type { Post } from '@/resources/posts/types';
import { fakeBackoffTimers } from '@/testing/fakeTimers';
import { type FakeRoute, GUEST_ROUTES, MEMBER_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { BOOKMARKS_PAGE_SIZE } from '../api';
import BookmarksScreen from './BookmarksScreen';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderBookmarks() {
  return renderWithProviders(
    <Routes>
      <Route path="/bookmarks" element={<BookmarksScreen />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/bookmarks' },
  );
}

const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const bookmarked = (n: number): Post =>
  makePost({ id: id(n), content: `Saved post ${n}`, isBookmarked: true, bookmarks: 1 });

/** Answers the pages in order, as the server would for successive cursors. */
function pages(...answers: Post[][]): () => FakeRoute {
  let call = 0;
  return () => ({ body: answers[Math.min(call++, answers.length - 1)] });
}

const bookmarkCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/bookmarks'));

describe('bookmarks', () => {
  afterEach(() => jest.useRealTimers());

  it('lists bookmarked posts page by page, asking for the next page after the last post id', async () => {
    const first = Array.from({ length: BOOKMARKS_PAGE_SIZE }, (_, i) => bookmarked(i + 1));
    const second = [bookmarked(21), bookmarked(22)];
    const fetchMock = mockFetch({ ...MEMBER_ROUTES, 'GET /api/bookmarks': pages(first, second) });
    const user = userEvent.setup();
    renderBookmarks();
    expect(await screen.findByText('Saved post 1')).toBeInTheDocument();
    expect(screen.getByText('Saved post 20')).toBeInTheDocument();
    expect(screen.queryByText("You've reached the end of your bookmarks")).not.toBeInTheDocument();
    expect(bookmarkCalls(fetchMock)).toEqual([`/api/bookmarks?limit=${BOOKMARKS_PAGE_SIZE}`]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Saved post 22')).toBeInTheDocument();
    expect(bookmarkCalls(fetchMock)[1]).toBe(`/api/bookmarks?limit=${BOOKMARKS_PAGE_SIZE}&cursor=${id(20)}`);
    expect(screen.getByText("You've reached the end of your bookmarks")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state with a way to find posts', async () => {
    mockFetch({ ...MEMBER_ROUTES, 'GET /api/bookmarks': { body: [] } });
    const user = userEvent.setup();
    renderBookmarks();
    expect(await screen.findByRole('heading', { name: 'No bookmarks yet' })).toBeInTheDocument();
    expect(screen.queryByText("You've reached the end of your bookmarks")).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Explore posts' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
  });

  it('removes a post un-bookmarked from its card', async () => {
    let list = [bookmarked(1), bookmarked(2)];
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      'GET /api/bookmarks': () => ({ body: list }),
      [`DELETE /api/posts/${id(1)}/bookmark`]: () => {
        list = list.filter((p) => p.id !== id(1));
        return { body: { success: true, isBookmarked: false, bookmarks: 0 } };
      },
    });
    const user = userEvent.setup();
    renderBookmarks();
    const card = (await screen.findByText('Saved post 1')).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Bookmark', pressed: true }));
    await waitFor(() => expect(screen.queryByText('Saved post 1')).not.toBeInTheDocument());
    expect(screen.getByText('Saved post 2')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === `/api/posts/${id(1)}/bookmark` && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('offers Try again when the list fails, and recovers', async () => {
    fakeBackoffTimers();
    let calls = 0;
    mockFetch({
      ...MEMBER_ROUTES,
      // The first load fails through its retries.
      'GET /api/bookmarks': () =>
        ++calls <= 3 ? { status: 500, body: { message: 'boom' } } : { body: [bookmarked(1)] },
    });
    const user = userEvent.setup();
    renderBookmarks();
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Saved post 1')).toBeInTheDocument();
    expect(screen.getByText("You've reached the end of your bookmarks")).toBeInTheDocument();
  });

  it('asks a guest to sign in instead of calling the API', async () => {
    const fetchMock = mockFetch({ ...GUEST_ROUTES });
    const user = userEvent.setup();
    // Guest mode lets a visitor through the protected wrapper; the screen itself handles the missing session.
    renderBookmarks();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth');
    expect(bookmarkCalls(fetchMock)).toEqual([]);
  });
});
