import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';

import { makePost } from '@/resources/posts/testing';
import { installFetch } from '@/testing/installFetch';
import { renderScreens } from '@/testing/screens';

import VideoFeedScreen from './VideoFeedScreen';

interface FakeObserver {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  targets: Set<Element>;
}
let observers: FakeObserver[] = [];

beforeEach(() => {
  observers = [];
  Object.assign(window, {
    IntersectionObserver: class {
      private readonly me: FakeObserver;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.me = { callback, options, targets: new Set() };
        observers.push(this.me);
      }
      observe(target: Element) {
        this.me.targets.add(target);
      }
      unobserve(target: Element) {
        this.me.targets.delete(target);
      }
      disconnect() {
        this.me.targets.clear();
      }
    },
  });
  // jsdom has no media playback: play/pause flip a flag that `paused` reads.
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return this.dataset.playing !== '1';
    },
  });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dataset.playing = '1';
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    delete this.dataset.playing;
  });
});
afterEach(() => jest.restoreAllMocks());

const autoplay = () => observers.find((o) => Array.isArray(o.options?.threshold) && o.options.threshold.length > 3)!;
const video = (id: string) => document.querySelector<HTMLVideoElement>(`[data-video-id="${id}"] video`)!;

/** The feed's observer reports how much of each clip is on screen. */
function see(ratios: Record<string, number>) {
  const observer = autoplay();
  act(() =>
    observer.callback(
      Object.entries(ratios).map(
        ([id, ratio]) =>
          ({
            target: video(id),
            intersectionRatio: ratio,
            isIntersecting: ratio > 0,
          }) as unknown as IntersectionObserverEntry,
      ),
      {} as IntersectionObserver,
    ),
  );
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

const clip = (id: string, extra: object = {}) =>
  makePost({
    id,
    content: `Clip ${id}`,
    videoUrl: `/media/${id}/video.mp4`,
    videoThumbnailUrl: `/media/${id}/poster`,
    videoStatus: 'ready',
    likes: 2,
    isLiked: false,
    ...extra,
  });

const renderFeed = () => renderScreens(<Route path="/videos" element={<VideoFeedScreen />} />, '/videos');

describe('/videos', () => {
  it("says 'Loading videos...' then 'No videos available'", async () => {
    installFetch(({ path }) => (path === '/api/videos' ? { body: [] } : undefined));
    renderFeed();
    expect(screen.getByText('Loading videos...')).toBeInTheDocument();
    expect(await screen.findByText('No videos available')).toBeInTheDocument();
  });

  it('plays only the clip most visible above 0.6, muted, and pauses everything while the page is hidden', async () => {
    installFetch(({ path }) => (path === '/api/videos' ? { body: [clip('p1'), clip('p2'), clip('p3')] } : undefined));
    renderFeed();
    await screen.findByText('Clip p1');
    const playing = () => ['p1', 'p2', 'p3'].filter((id) => !video(id).paused);

    see({ p1: 0.7, p2: 0.3 });
    expect(playing()).toEqual(['p1']);
    expect(video('p1').muted).toBe(true);
    see({ p1: 0.4, p2: 0.8 });
    expect(playing()).toEqual(['p2']);
    see({ p2: 0.5, p3: 0.5 });
    expect(playing()).toEqual(['p2']); // none above 0.6: the current clip plays on until below 0.3
    see({ p2: 0.2 });
    expect(playing()).toEqual([]);
    see({ p3: 1 });
    expect(playing()).toEqual(['p3']);

    setHidden(true);
    expect(playing()).toEqual([]);
    setHidden(false);
    expect(playing()).toEqual(['p3']);

    // Sound stays off until the first interaction.
    await userEvent.click(screen.getByRole('button', { name: 'Tap to enable sound' }));
    expect(video('p3').muted).toBe(false);
    expect(screen.queryByRole('button', { name: 'Tap to enable sound' })).toBeNull();
  });

  it('falls back to muted playback with the prompt when the browser blocks sound', async () => {
    installFetch(({ path }) => (path === '/api/videos' ? { body: [clip('p1')] } : undefined));
    renderFeed();
    await screen.findByText('Clip p1');
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      if (!this.muted) return Promise.reject(Object.assign(new Error('blocked'), { name: 'NotAllowedError' }));
      this.dataset.playing = '1';
      return Promise.resolve();
    });
    see({ p1: 0.9 });
    fireEvent.keyDown(window, { key: 'x' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tap to enable sound' })).toBeInTheDocument());
    expect(video('p1').muted).toBe(true);
    expect(video('p1').paused).toBe(false);
  });

  it('controls the active clip from the keyboard: seek 10 s, Space, M; the first key turns sound on', async () => {
    installFetch(({ path }) => (path === '/api/videos' ? { body: [clip('p1')] } : undefined));
    renderFeed();
    await screen.findByText('Clip p1');
    see({ p1: 1 });
    const feed = screen.getByLabelText('Videos');
    const v = video('p1');
    Object.defineProperty(v, 'duration', { configurable: true, value: 60 });
    v.currentTime = 5;
    expect(v.muted).toBe(true);
    fireEvent.keyDown(feed, { key: 'ArrowRight' });
    expect(v.currentTime).toBe(15);
    expect(v.muted).toBe(false); // the first interaction turned the sound on
    fireEvent.keyDown(feed, { key: 'ArrowLeft' });
    fireEvent.keyDown(feed, { key: 'ArrowLeft' });
    expect(v.currentTime).toBe(0);
    fireEvent.keyDown(feed, { key: ' ' });
    expect(v.paused).toBe(true);
    fireEvent.keyDown(feed, { key: ' ' });
    expect(v.paused).toBe(false);
    fireEvent.keyDown(feed, { key: 'm' });
    expect(v.muted).toBe(true);
  });

  it('likes and comments from the overlay; shows processing and failed clips', async () => {
    const calls = installFetch(({ method, path }) => {
      if (path === '/api/videos') return { body: [clip('p1'), clip('p2', { videoStatus: 'processing' }), clip('p3')] };
      if (method === 'POST' && path === '/api/posts/p1/like') return { body: { isLiked: true, likes: 3 } };
      return undefined;
    });
    renderFeed();
    await screen.findByText('Clip p1');
    const first = within(document.querySelector('[data-video-id="p1"]') as HTMLElement);
    await userEvent.click(first.getByRole('button', { name: 'Like' }));
    expect(await first.findByRole('button', { name: 'Unlike' })).toHaveTextContent('3');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/posts/p1/like')).toBe(true);

    await userEvent.click(first.getByRole('button', { name: 'Comment' }));
    const sheet = await screen.findByRole('dialog', { name: 'Comments' });
    expect(await within(sheet).findByRole('textbox')).toBeInTheDocument();
    expect(within(sheet).getByRole('link')).toHaveAttribute('href', '/post/p1');

    expect(screen.getByText('Video is processing...')).toBeInTheDocument();
    fireEvent.error(video('p3'));
    expect(await screen.findByText('Failed to load video')).toBeInTheDocument();
  });

  it('asks for the next page with the last id as cursor', async () => {
    const page = Array.from({ length: 10 }, (_, i) => clip(`p${i + 1}`));
    const calls = installFetch(({ path, url }) =>
      path === '/api/videos' ? { body: url.includes('cursor=p10') ? [clip('p11')] : page } : undefined,
    );
    renderFeed();
    await screen.findByText('Clip p1');
    // Effects run after paint (Preact, as in the browser): the observer is there a frame later.
    const more = await waitFor(() => {
      const found = observers.find((o) => o !== autoplay() && o.targets.size > 0);
      expect(found).toBeDefined();
      return found!;
    });
    act(() =>
      more.callback(
        [{ isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    expect(await screen.findByText('Clip p11')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/videos').map((c) => c.url)).toEqual([
      '/api/videos?limit=10',
      '/api/videos?limit=10&cursor=p10',
    ]);
  });
});
