import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { deferred } from '@/testing/deferred';
import { GUEST_ROUTES, MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { LONG_ANSWER, qaItem, qaPage, QUESTION } from '../testFixtures';
import { calls, holdCalls, renderSearch, SEARCH_ROUTES, sessionKnown } from '../testRender';

async function openQaTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Q&A Community Feed' }));
  return screen.findByRole('list', { name: 'Q&A Community Feed' });
}

const anonymous = qaItem({ id: 'a1', isAnonymous: true, user: null, answer: LONG_ANSWER, commentsCount: 3 });
const byAmina = qaItem({ id: 'a2', question: 'Who is Allah?', likes: 2, commentsCount: 1 });

describe('Q&A Community Feed', () => {
  it('lists shared answers: author or Anonymous (no link), time, answer cut to 200 with Read more, comments link', async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/qa/feed': { body: qaPage([anonymous, byAmina]) } });
    const user = userEvent.setup();
    renderSearch();
    const list = await openQaTab(user);
    const first = within(list).getByRole('article', { name: `Shared answer: ${QUESTION}` });
    expect(within(first).getByText('Anonymous')).toBeInTheDocument();
    expect(within(first).queryByRole('link', { name: 'Anonymous' })).not.toBeInTheDocument();
    expect(within(first).getByText('5m')).toBeInTheDocument();
    expect(within(first).queryByText(/2:153/)).not.toBeInTheDocument();
    const cut = within(first).getByText(/^Patience is half of faith/).textContent ?? '';
    expect(cut.endsWith('…')).toBe(true);
    expect(Array.from(cut).length).toBeLessThanOrEqual(201);

    const more = within(first).getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(first).getByText(/2:153/)).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Show less' }));
    expect(within(first).queryByText(/2:153/)).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '3 comments' })).toHaveAttribute('href', '/post/a1');

    const second = within(list).getByRole('article', { name: 'Shared answer: Who is Allah?' });
    expect(within(second).getByRole('link', { name: 'Amina' })).toHaveAttribute('href', '/profile/amina');
    // A short answer needs no Read more.
    expect(within(second).queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
    expect(within(second).getByRole('link', { name: '1 comment' })).toHaveAttribute('href', '/post/a2');
  });

  it('loads more through nextCursor', async () => {
    let page = 0;
    const fetchMock = mockFetch({
      ...GUEST_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/qa/feed': () => ({ body: page++ === 0 ? qaPage([byAmina], 'c-2') : qaPage([anonymous]) }),
    });
    const user = userEvent.setup();
    renderSearch();
    const list = await openQaTab(user);
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByText("You've seen every shared answer")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(calls(fetchMock, '/api/qa/feed').map((c) => c.url)).toEqual([
      '/api/qa/feed?limit=20',
      '/api/qa/feed?limit=20&cursor=c-2',
    ]);
    expect(screen.getByText("You've seen every shared answer")).toBeInTheDocument();
  });

  it('likes at once through the posts’ like call, then keeps the server’s count', async () => {
    const gate = deferred();
    const base = mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/qa/feed': { body: qaPage([byAmina]) },
      'POST /api/posts/a2/like': { body: { success: true, isLiked: true, likes: 7 } },
    });
    const fetchMock = holdCalls(base, '/api/posts/a2/like', gate.promise);
    const user = userEvent.setup();
    const { store } = renderSearch();
    await sessionKnown(store);
    const list = await openQaTab(user);
    const entry = within(list).getByRole('article', { name: 'Shared answer: Who is Allah?' });
    const like = within(entry).getByRole('button', { name: 'Like, 2' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    // Before the server answers (its answer is held until gate.resolve()).
    expect(await within(entry).findByRole('button', { name: 'Like, 3' })).toHaveAttribute('aria-pressed', 'true');
    gate.resolve();
    expect(await within(entry).findByRole('button', { name: 'Like, 7' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls(fetchMock, '/api/posts/a2/like', 'POST')).toHaveLength(1);
  });

  it('rolls the like back when it fails', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/qa/feed': { body: qaPage([byAmina]) },
      // 404: the like call does not retry.
      'POST /api/posts/a2/like': { status: 404, body: { message: 'Post not found' } },
    });
    const user = userEvent.setup();
    const { store } = renderSearch();
    await sessionKnown(store);
    const list = await openQaTab(user);
    const entry = within(list).getByRole('article', { name: 'Shared answer: Who is Allah?' });
    await user.click(within(entry).getByRole('button', { name: 'Like, 2' }));
    expect(await within(entry).findByRole('button', { name: 'Like, 2' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText(/Failed to update like/)).toBeInTheDocument();
  });

  it('offers Delete, confirmed, on its author’s own anonymous share only, and drops it once deleted', async () => {
    const mine = qaItem({ id: 'a3', question: 'Is patience rewarded?', isAnonymous: true, user: null, isOwn: true });
    const fetchMock = mockFetch({
      ...MEMBER_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/qa/feed': { body: qaPage([mine, anonymous, byAmina]) },
      'DELETE /api/posts/a3': { body: { success: true } },
    });
    const user = userEvent.setup();
    const { store } = renderSearch();
    await sessionKnown(store);
    const list = await openQaTab(user);
    const own = within(list).getByRole('article', { name: 'Shared answer: Is patience rewarded?' });
    // Still Anonymous to its author: only the Delete action tells it apart.
    expect(within(own).getByText('Anonymous')).toBeInTheDocument();
    for (const other of within(list)
      .getAllByRole('article')
      .filter((a) => a !== own))
      expect(within(other).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.click(within(own).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, '/api/posts/a3', 'DELETE')).toEqual([]);
    await user.click(within(own).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(calls(fetchMock, '/api/posts/a3', 'DELETE')).toHaveLength(1);
  });

  it('offers a guest no Delete, whatever a copy of the feed says', async () => {
    const stale = qaItem({ id: 'a3', isAnonymous: true, user: null, isOwn: true });
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/qa/feed': { body: qaPage([stale]) } });
    const user = userEvent.setup();
    const { store } = renderSearch();
    await sessionKnown(store);
    const list = await openQaTab(user);
    expect(within(list).getByRole('article')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('sends a guest who taps like to sign in', async () => {
    const fetchMock = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/qa/feed': { body: qaPage([byAmina]) } });
    const user = userEvent.setup();
    const { store } = renderSearch();
    await sessionKnown(store);
    const list = await openQaTab(user);
    await user.click(within(list).getByRole('button', { name: 'Like, 2' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/));
    expect(calls(fetchMock, '/api/posts/a2/like', 'POST')).toEqual([]);
  });
});
