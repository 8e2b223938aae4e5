import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { deferred } from '@/testing/deferred';
import { fakeBackoffTimers } from '@/testing/fakeTimers';
import { GUEST_ROUTES, mockFetch } from '@/testing/render';

import { QUESTION, RESULTS } from '../testFixtures';
import { calls, holdCalls, renderSearch, SEARCH_ROUTES } from '../testRender';

const box = () => within(screen.getByRole('search')).getByRole('combobox');

describe('/search-results', () => {
  afterEach(async () => {
    jest.useRealTimers();
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks for a term when there is no query, with the sticky box and its placeholder', () => {
    const fetchMock = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    renderSearch('/search-results');
    expect(screen.getByText('Enter a search term to find posts, users, and AI answers.')).toBeInTheDocument();
    expect(box()).toHaveAttribute('placeholder', 'Search DeenConnect or ask Islamic AI...');
    expect(screen.getByRole('search').closest('.search-results__sticky')).not.toBeNull();
    expect(calls(fetchMock, '/api/search/results')).toEqual([]);
  });

  it('shows exactly 5 skeletons while loading, then the heading and the rows', async () => {
    const gate = deferred();
    holdCalls(
      mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/search/results': { body: RESULTS } }),
      '/api/search/results',
      gate.promise,
    );
    const { container } = renderSearch('/search-results?q=patience');
    expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
    expect(container.querySelectorAll('[data-testid="search-skeleton"]')).toHaveLength(5);
    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'Search results for "patience"' })).toBeInTheDocument();
    expect(container.querySelectorAll('[data-testid="search-skeleton"]')).toHaveLength(0);

    const user = within(screen.getByRole('listitem', { name: 'Bilal Patience, @bilal' }));
    expect(user.getByRole('link')).toHaveAttribute('href', '/profile/bilal');
    expect(user.getByText('@bilal')).toBeInTheDocument();
    expect(user.getByText('Student of knowledge')).toBeInTheDocument();
    expect(user.getByText('B')).toBeInTheDocument(); // the avatar's initial

    const post = within(screen.getByRole('listitem', { name: 'Post by Khadija' }));
    expect(post.getByRole('link')).toHaveAttribute('href', '/post/p1');
    expect(post.getByText('@khadija')).toBeInTheDocument();
    expect(post.getByText('2h')).toBeInTheDocument();
    expect(post.getByText('2 comments')).toBeInTheDocument();
    expect(post.getByText('3 likes')).toBeInTheDocument();
    const content = post.getByText(/^Sabr is beautiful/).textContent ?? '';
    expect(content).not.toContain('TAIL-NOT-SHOWN');
    expect(Array.from(content).length).toBeLessThanOrEqual(201);

    const answer = within(screen.getByRole('listitem', { name: `Shared answer: ${QUESTION}` }));
    expect(answer.getByRole('link')).toHaveAttribute('href', '/post/a1');
    expect(answer.getByText('Anonymous')).toBeInTheDocument();
    expect(answer.getByText('4 comments')).toBeInTheDocument();
    expect(answer.getByText('1 like')).toBeInTheDocument();
  });

  it("says 'No results found' for an empty answer", async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    renderSearch('/search-results?q=zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Search results for/ })).not.toBeInTheDocument();
  });

  it("shows 'Search failed' with a retry that recovers", async () => {
    fakeBackoffTimers();
    let fail = true;
    mockFetch({
      ...GUEST_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/search/results': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: RESULTS }),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderSearch('/search-results?q=patience');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('heading', { name: 'Search failed' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Search results for "patience"' })).toBeInTheDocument();
  });

  it('caches results for 30 s: within that time the same query is answered from the cache, after it is asked again', async () => {
    fakeBackoffTimers();
    const fetchMock = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/search/results': { body: RESULTS } });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderSearch('/search-results?q=patience');
    await screen.findByRole('heading', { name: 'Search results for "patience"' });
    await user.clear(box());
    await user.type(box(), 'sabr{Enter}');
    await screen.findByRole('heading', { name: 'Search results for "sabr"' });
    await user.clear(box());
    await user.type(box(), 'patience{Enter}');
    await screen.findByRole('heading', { name: 'Search results for "patience"' });
    expect(calls(fetchMock, '/api/search/results').map((c) => c.url)).toEqual([
      '/api/search/results?q=patience',
      '/api/search/results?q=sabr',
    ]);

    act(() => jest.advanceTimersByTime(31_000));
    await user.clear(box());
    await user.type(box(), 'sabr{Enter}');
    await waitFor(() => expect(calls(fetchMock, '/api/search/results')).toHaveLength(3));
    expect(calls(fetchMock, '/api/search/results')[2]?.url).toBe('/api/search/results?q=sabr');
  });

  it('hands a question over to /search, where the AI scholar answers it', async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    const user = userEvent.setup();
    renderSearch('/search-results?q=patience');
    await user.clear(box());
    await user.type(box(), QUESTION);
    expect(within(screen.getByRole('search')).getByRole('button')).toHaveAccessibleName('Ask AI');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        `/search?${new URLSearchParams({ q: QUESTION }).toString()}`,
      ),
    );
    expect(await screen.findByRole('article', { name: 'AI Scholar' })).toBeInTheDocument();
  });

  it('renders in Arabic', async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/search/results': { body: RESULTS } });
    await act(() => i18n.changeLanguage('ar'));
    renderSearch('/search-results?q=الصبر');
    expect(box()).toHaveAttribute('placeholder', 'بحث في DeenConnect أو سؤال الذكاء الاصطناعي الإسلامي...');
    expect(await screen.findByRole('heading', { name: 'نتائج البحث عن "الصبر"' })).toBeInTheDocument();
    const post = within(screen.getByRole('listitem', { name: 'منشور من Khadija' }));
    expect(post.getByText('تعليقان')).toBeInTheDocument();
    expect(post.getByText('3 إعجابات')).toBeInTheDocument();
  });
});
