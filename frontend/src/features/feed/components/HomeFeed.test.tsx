import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeStore } from '@/app/store';
import { makePost } from '@/resources/posts/testing';
import { deliver } from '@/resources/realtime/socket';
import { deferred } from '@/testing/deferred';
import { fakeBackoffTimers } from '@/testing/fakeTimers';
import { type Call, installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';
import { LOAD_MORE_ROOT_MARGIN, LOAD_MORE_THRESHOLD } from '@/ui/useLoadMore';

import { FEED_PAGE_SIZE } from '../api';
import { HomeFeed } from './HomeFeed';

/** A stand-in IntersectionObserver that the test drives. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly elements = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  static intersect(element: Element) {
    for (const observer of FakeObserver.all.filter((o) => o.elements.has(element))) {
      observer.callback(
        [{ isIntersecting: true, intersectionRatio: 1, target: element } as unknown as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    makePost({
      id: `00000000-0000-7000-8000-${String(from + i).padStart(12, '0')}`,
      content: `Post number ${from + i}`,
    }),
  );
const cursorOf = (call: Call) => new URL(call.url, 'http://x').searchParams.get('cursor');
const feedCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/feed');

beforeEach(() => {
  FakeObserver.all = [];
  Object.assign(window, { IntersectionObserver: FakeObserver });
  Object.assign(window, { scrollTo: jest.fn() });
});

describe('HomeFeed', () => {
  afterEach(() => jest.useRealTimers());

  it('shows 8 skeletons, then the posts; loads page 2 when the sentinel intersects (3 skeletons meanwhile), then the end message', async () => {
    const first = page(1, FEED_PAGE_SIZE);
    const second = deferred<{ body: unknown }>();
    const calls = installFetch((call) => {
      if (call.path !== '/api/feed') return undefined;
      return cursorOf(call) ? second.promise : { body: first };
    });
    renderWithProviders(<HomeFeed />, { store: makeStore() });

    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    expect(screen.getAllByTestId('feed-skeleton')).toHaveLength(8);
    await screen.findByText('Post number 1');
    // The cards come in steps (ui/useRenderInSteps), and the sentinel only after the last of them.
    expect(within(screen.getByRole('feed')).getAllByRole('article').length).toBeLessThan(FEED_PAGE_SIZE);
    expect(document.querySelector('.feed__sentinel')).toBeNull();
    expect(screen.queryByText("You've reached the end of your feed")).not.toBeInTheDocument();
    // Counted with a plain selector: a role query over 20 cards, repeated every 50 ms, took longer
    // than the steps themselves on a loaded machine.
    const feed = screen.getByRole('feed');
    await waitFor(() => expect(feed.querySelectorAll('article')).toHaveLength(FEED_PAGE_SIZE), { timeout: 15_000 });
    expect(feedCalls(calls)[0]?.url).toContain(`limit=${FEED_PAGE_SIZE}`);
    expect(screen.queryByText("You've reached the end of your feed")).not.toBeInTheDocument();

    const sentinel = document.querySelector('.feed__sentinel')!;
    // Effects run after paint (Preact, as in the browser): the observer is there a frame later.
    const observer = await waitFor(() => {
      const found = FakeObserver.all.find((o) => o.elements.has(sentinel));
      expect(found).toBeDefined();
      return found!;
    });
    expect(observer.options).toEqual({ rootMargin: LOAD_MORE_ROOT_MARGIN, threshold: LOAD_MORE_THRESHOLD });
    act(() => FakeObserver.intersect(sentinel));

    await waitFor(() => expect(feedCalls(calls)).toHaveLength(2));
    expect(cursorOf(feedCalls(calls)[1]!)).toBe(first[first.length - 1]!.id);
    // RTK's store batches the 'pending' notification to the next animation frame, so the skeletons
    // appear a frame after the request starts: wait for them rather than assert at once.
    expect(await screen.findByRole('status', { name: 'Loading more posts' })).toBeInTheDocument();
    expect(screen.getAllByTestId('feed-skeleton')).toHaveLength(3);

    await act(async () => second.resolve({ body: page(21, 5) }));
    await screen.findByText('Post number 25');
    expect(screen.queryAllByTestId('feed-skeleton')).toHaveLength(0);
    // A short page is the end: no sentinel, the end message instead.
    expect(screen.getByText("You've reached the end of your feed")).toBeInTheDocument();
    expect(document.querySelector('.feed__sentinel')).toBeNull();
  });

  it('shows the empty state with Create your first post', async () => {
    installFetch((call) => (call.path === '/api/feed' ? { body: [] } : undefined));
    renderWithProviders(<HomeFeed />, { store: makeStore() });
    expect(await screen.findByRole('heading', { name: 'Your feed is empty' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create your first post' })).toBeInTheDocument();
  });

  it('browses the public posts as a guest', async () => {
    const calls = installFetch((call) => (call.path === '/api/posts' ? { body: page(1, 2) } : undefined), null);
    renderWithProviders(<HomeFeed />, { store: makeStore() });
    await screen.findByText('Post number 1');
    expect(feedCalls(calls)).toHaveLength(0);
  });

  it('falls back to Something went wrong with Try again after the retries fail, and recovers', async () => {
    fakeBackoffTimers();
    let fail = true;
    installFetch((call) =>
      call.path === '/api/feed' ? (fail ? { status: 500, body: { error: 'down' } } : { body: page(1, 3) }) : undefined,
    );
    renderWithProviders(<HomeFeed />, { store: makeStore() });
    // The query retries twice (1 s, then 2 s) before giving up.
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Failed to fetch posts: 500');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Post number 1');
  }, 15000);

  it("says You're offline when the browser is offline", async () => {
    fakeBackoffTimers();
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    installFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<HomeFeed />, { store: makeStore() });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent("You're offline");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    online.mockRestore();
  }, 15000);

  it('counts pushed new posts in a banner that scrolls to the top and refreshes', async () => {
    const calls = installFetch((call) => (call.path === '/api/feed' ? { body: page(1, 3) } : undefined));
    renderWithProviders(<HomeFeed />, { store: makeStore() });
    await screen.findByText('Post number 1');
    act(() => deliver('feed_new_posts', { id: 'push-1', count: 2 }));
    act(() => deliver('feed_new_posts', { id: 'push-2', count: 1 }));
    const banner = screen.getByRole('button', { name: '3 new posts' });
    const before = feedCalls(calls).length;
    await userEvent.click(banner);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    await waitFor(() => expect(feedCalls(calls).length).toBe(before + 1));
    expect(screen.queryByRole('button', { name: /new posts/ })).not.toBeInTheDocument();
  });
});
