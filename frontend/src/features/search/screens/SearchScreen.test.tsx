import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { deferred } from '@/testing/deferred';
import { fakeBackoffTimers } from '@/testing/fakeTimers';
import { GUEST_ROUTES, MEMBER_ROUTES, mockFetch } from '@/testing/render';

import { ASK_RESPONSE, LONG_POST, QUESTION, RESULTS } from '../testFixtures';
import { calls, holdCalls, renderSearch, SEARCH_ROUTES } from '../testRender';

const box = () => within(screen.getByRole('search')).getByRole('combobox');
const submitButton = () => within(screen.getByRole('search')).getByRole('button');

describe('/search', () => {
  afterEach(async () => {
    jest.useRealTimers();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the title and two ARIA tabs; the Q&A Community Feed tab swaps the panel, arrows move between tabs', async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    const user = userEvent.setup();
    renderSearch();
    expect(screen.getByRole('heading', { level: 1, name: 'Search DeenConnect' })).toBeInTheDocument();
    const searchTab = screen.getByRole('tab', { name: 'Search & Ask AI' });
    const qaTab = screen.getByRole('tab', { name: 'Q&A Community Feed' });
    expect(searchTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', searchTab.id);
    expect(qaTab).toHaveAttribute('tabindex', '-1');

    await user.click(qaTab);
    expect(qaTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', qaTab.id);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No shared answers yet' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(searchTab).toHaveAttribute('aria-selected', 'true');
    expect(searchTab).toHaveFocus();
  });

  it("labels the button 'Ask AI' for a question and 'Search' otherwise, disabled while the text is blank", async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    const user = userEvent.setup();
    renderSearch();
    expect(submitButton()).toHaveAccessibleName('Search');
    expect(submitButton()).toBeDisabled();
    // The AI scholar's limit: the server refuses longer questions.
    expect(box()).toHaveAttribute('maxlength', '500');
    await user.type(box(), '   ');
    expect(submitButton()).toBeDisabled();
    await user.clear(box());
    await user.type(box(), 'patience');
    expect(submitButton()).toHaveAccessibleName('Search');
    expect(submitButton()).toBeEnabled();
    await user.type(box(), '?');
    expect(submitButton()).toHaveAccessibleName('Ask AI');
    expect(screen.getByText('This looks like a question: the AI scholar will answer it.')).toBeInTheDocument();
    await user.clear(box());
    await user.type(box(), 'how to pray');
    expect(submitButton()).toHaveAccessibleName('Ask AI');
  });

  it('runs a normal search on Enter: 5 skeletons and a disabled button while it loads, then the results inline', async () => {
    const gate = deferred();
    const fetchMock = holdCalls(
      mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/search/results': { body: RESULTS } }),
      '/api/search/results',
      gate.promise,
    );
    const user = userEvent.setup();
    const { container } = renderSearch();
    await user.type(box(), 'patience{Enter}');
    expect(await screen.findByRole('status', { name: 'Searching' })).toBeInTheDocument();
    expect(container.querySelectorAll('[data-testid="search-skeleton"]')).toHaveLength(5);
    expect(submitButton()).toBeDisabled();
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=patience');

    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'Search results for "patience"' })).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(calls(fetchMock, '/api/search/results')).toEqual([
      { url: '/api/search/results?q=patience', body: undefined },
    ]);
    expect(calls(fetchMock, '/api/ai/ask', 'POST')).toEqual([]);
    const list = screen.getByRole('list', { name: 'Search results for "patience"' });
    expect(within(list).getByRole('link', { name: /Bilal Patience/ })).toHaveAttribute('href', '/profile/bilal');
    const post = within(list).getByRole('listitem', { name: 'Post by Khadija' });
    expect(within(post).getByRole('link')).toHaveAttribute('href', '/post/p1');
    // §9: 200 characters, then an ellipsis; the rest is not shown.
    const shown = within(post).getByText(/^Sabr is beautiful/).textContent ?? '';
    expect(shown.endsWith('…')).toBe(true);
    expect(Array.from(shown).length).toBeLessThanOrEqual(201);
    expect(shown).not.toContain('TAIL-NOT-SHOWN');
    expect(LONG_POST.length).toBeGreaterThan(200);
    expect(within(post).getByText('2 comments')).toBeInTheDocument();
    expect(within(post).getByText('3 likes')).toBeInTheDocument();
    const answer = within(list).getByRole('listitem', { name: `Shared answer: ${QUESTION}` });
    expect(within(answer).getByText('Anonymous')).toBeInTheDocument();
    expect(within(answer).getByRole('link')).toHaveAttribute('href', '/post/a1');
  });

  it('runs a hashtag search from a post’s hashtag link (/search?hashtag=)', async () => {
    const fetchMock = mockFetch({
      ...GUEST_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/search/results': { body: [RESULTS[1]] },
    });
    renderSearch('/search?hashtag=sabr');
    expect(await screen.findByRole('heading', { name: 'Posts tagged #sabr' })).toBeInTheDocument();
    expect(box()).toHaveValue('#sabr');
    expect(calls(fetchMock, '/api/search/results').map((c) => c.url)).toEqual(['/api/search/results?hashtag=sabr']);
  });

  it('says so when a search finds nothing, and clears the results of a failed search (logged only)', async () => {
    let fail = false;
    mockFetch({
      ...GUEST_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/search/results': () => (fail ? { status: 400, body: { message: 'Too long' } } : { body: [] }),
    });
    fakeBackoffTimers();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderSearch();
    await user.type(box(), 'zzz{Enter}');
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
    fail = true;
    await user.clear(box());
    await user.type(box(), 'yyy{Enter}');
    expect(await screen.findByRole('heading', { name: 'Discover and ask' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Search failed', expect.anything());
    error.mockRestore();
  });

  it('points the box at each kind of search from the empty state', async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Find Posts' }));
    expect(box()).toHaveFocus();
    expect(box()).toHaveAccessibleDescription('Type a word or a #hashtag to find posts.');
    await user.click(screen.getByRole('button', { name: 'Find Users' }));
    expect(box()).toHaveFocus();
    expect(box()).toHaveAccessibleDescription('Type a name or @username to find members.');
    await user.click(screen.getByRole('button', { name: 'Ask AI Scholar' }));
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue(QUESTION);
    expect(submitButton()).toHaveAccessibleName('Ask AI');
  });

  it('shows recent posts under the empty state, cut to 200 characters', async () => {
    const { makePost } = await import('@/resources/posts/testing');
    mockFetch({
      ...GUEST_ROUTES,
      ...SEARCH_ROUTES,
      'GET /api/posts': { body: [makePost({ id: 'r1', content: LONG_POST })] },
    });
    renderSearch();
    expect(await screen.findByRole('heading', { name: 'Recent posts' })).toBeInTheDocument();
    const text = screen.getByText(/^Sabr is beautiful/).textContent ?? '';
    expect(text).not.toContain('TAIL-NOT-SHOWN');
    expect(Array.from(text).length).toBeLessThanOrEqual(201);
  });

  it("tells 'Error loading search feed' when the page's feeds fail to load", async () => {
    fakeBackoffTimers();
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'GET /api/posts': { status: 500, body: { message: 'down' } } });
    renderSearch();
    expect(await screen.findByText('Error loading search feed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
    expect(screen.getByText('Please try again later').closest('li')).toHaveClass('toast--error');
  });
});

describe('/search: the AI scholar', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a question in a card with the disclaimer as a note and each verse as a disclosure', async () => {
    const fetchMock = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    const user = userEvent.setup();
    renderSearch();
    await user.type(box(), `${QUESTION}{Enter}`);
    const card = await screen.findByRole('article', { name: 'AI Scholar' });
    expect(within(card).getByText(ASK_RESPONSE.answer)).toBeInTheDocument();
    expect(within(card).getByRole('note')).toHaveTextContent('not a fatwa');
    expect(JSON.parse(String(calls(fetchMock, '/api/ai/ask', 'POST')[0]?.body))).toEqual({ question: QUESTION });
    expect(calls(fetchMock, '/api/search/results')).toEqual([]);

    const verses = within(card).getAllByRole('button', { expanded: false });
    expect(verses.map((v) => v.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Al-Baqarah 2:153$/), expect.stringMatching(/Ash-Sharh 94:6$/)]),
    );
    const verse = within(card).getByRole('button', { name: /2:153$/ });
    const body = document.getElementById(verse.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(body).not.toBeVisible();
    await user.click(verse);
    expect(verse).toHaveAttribute('aria-expanded', 'true');
    expect(body).toBeVisible();
    const arabic = body.querySelector('[lang="ar"]') as HTMLElement;
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic.textContent).toMatch(/[\u0600-\u06ff]/);
    expect(within(body).getByText(/patience and prayer/)).toBeInTheDocument();
    await user.click(verse);
    expect(verse).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByText(/were removed/)).not.toBeInTheDocument();
  });

  it('disables the button while the AI works (its own loading flag) and says plainly when references were removed', async () => {
    const gate = deferred();
    holdCalls(
      mockFetch({
        ...GUEST_ROUTES,
        ...SEARCH_ROUTES,
        'POST /api/ai/ask': { body: { ...ASK_RESPONSE, source: 'model', removedReferences: ['2:999', '114:9'] } },
      }),
      '/api/ai/ask',
      gate.promise,
    );
    const user = userEvent.setup();
    renderSearch();
    await user.type(box(), `${QUESTION}{Enter}`);
    expect(await screen.findByText('The AI scholar is looking for verses…')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    gate.resolve();
    const card = await screen.findByRole('article', { name: 'AI Scholar' });
    expect(
      within(card).getByText(
        '2 references the model wrote were not found in the Quran or misquoted them, and were removed: 2:999, 114:9',
      ),
    ).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('asks a question handed over in the address (/search?q=) at once', async () => {
    const fetchMock = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    renderSearch(`/search?q=${encodeURIComponent(QUESTION)}`);
    expect(await screen.findByRole('article', { name: 'AI Scholar' })).toBeInTheDocument();
    expect(box()).toHaveValue(QUESTION);
    expect(calls(fetchMock, '/api/ai/ask', 'POST')).toHaveLength(1);
  });

  it("toasts 'Error' / 'Failed to get AI answer. Please try again.' when the AI fails", async () => {
    mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES, 'POST /api/ai/ask': { status: 500, body: { message: 'boom' } } });
    const user = userEvent.setup();
    renderSearch();
    await user.type(box(), `${QUESTION}{Enter}`);
    const toast = (await screen.findByText('Failed to get AI answer. Please try again.')).closest('li') as HTMLElement;
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(toast).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('article', { name: 'AI Scholar' })).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('says when to ask again after a 429 (Retry-After)', async () => {
    mockFetch({
      ...GUEST_ROUTES,
      ...SEARCH_ROUTES,
      'POST /api/ai/ask': { status: 429, body: { message: 'Too many' }, headers: { 'retry-after': '30' } },
    });
    const user = userEvent.setup();
    renderSearch();
    await user.type(box(), `${QUESTION}{Enter}`);
    expect(await screen.findByText("You've asked many questions. Please try again in 30 seconds.")).toBeInTheDocument();
  });

  it('asks a guest to sign in instead of sharing', async () => {
    const fetchMock = mockFetch({ ...GUEST_ROUTES, ...SEARCH_ROUTES });
    const user = userEvent.setup();
    renderSearch();
    await user.type(box(), `${QUESTION}{Enter}`);
    const card = await screen.findByRole('article', { name: 'AI Scholar' });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share to the Q&A Community' });
    const signIn = await within(dialog).findByRole('button', { name: 'Sign In' });
    expect(within(dialog).getByText('Sign in to share')).toBeInTheDocument();
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
    await user.click(signIn);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/);
    expect(calls(fetchMock, '/api/ai-share', 'POST')).toEqual([]);
  });
});

describe('/search in Arabic', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('renders the page in Arabic, right to left', async () => {
    mockFetch({ ...MEMBER_ROUTES, ...SEARCH_ROUTES });
    await act(() => i18n.changeLanguage('ar'));
    const user = userEvent.setup();
    renderSearch();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'البحث في DeenConnect' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'البحث وسؤال الذكاء الاصطناعي' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'موجز أسئلة وأجوبة المجتمع' })).toBeInTheDocument();
    expect(submitButton()).toHaveAccessibleName('بحث');
    await user.type(box(), 'ما هو الصبر؟');
    expect(submitButton()).toHaveAccessibleName('سؤال الذكاء الاصطناعي');
    await user.keyboard('{Enter}');
    const card = await screen.findByRole('article', { name: 'العالِم الآلي' });
    expect(within(card).getByRole('button', { name: 'مشاركة' })).toBeInTheDocument();
  });
});
