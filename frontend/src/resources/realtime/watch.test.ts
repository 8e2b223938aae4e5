import { io } from 'socket.io-client';

import type { FakeSocket } from './fakeSocket';
import { connectSocket, disconnectSocket } from './socket';
import { MAX_WATCHED, resetWatches, watchFeed, watchPosts } from './watch';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('./fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

const ioMock = io as unknown as jest.Mock;
const lastFakeSocket = (): FakeSocket => ioMock.mock.results[ioMock.mock.results.length - 1]!.value as FakeSocket;

const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('watching posts and the feed', () => {
  beforeEach(async () => {
    jest.useFakeTimers();
    resetWatches();
    await connectSocket('u1');
    lastFakeSocket().serverConnects();
  });
  afterEach(() => {
    disconnectSocket();
    jest.useRealTimers();
  });

  const emitted = (event: string) =>
    lastFakeSocket()
      .emitted.filter((e) => e.event === event)
      .map((e) => e.payload);

  it('sends one watch_posts for cards mounted together, and unwatches a post only when its last card goes', () => {
    const a = watchPosts([id(1)]);
    const b = watchPosts([id(1)]);
    watchPosts([id(2)]);
    jest.advanceTimersByTime(60);
    expect(emitted('watch_posts')).toEqual([{ postIds: [id(1), id(2)] }]);
    a();
    jest.advanceTimersByTime(60);
    expect(emitted('unwatch_posts')).toEqual([]);
    b();
    jest.advanceTimersByTime(60);
    expect(emitted('unwatch_posts')).toEqual([{ postIds: [id(1)] }]);
  });

  it('watches everything again after a reconnect, the feed too', () => {
    watchPosts([id(1), id(2)]);
    watchFeed();
    jest.advanceTimersByTime(60);
    lastFakeSocket().emitted.length = 0;
    lastFakeSocket().serverDrops();
    lastFakeSocket().serverConnects();
    expect(emitted('watch_posts')).toEqual([{ postIds: [id(1), id(2)] }]);
    expect(emitted('watch_feed')).toHaveLength(1);
  });

  it('lets the oldest posts go past the limit and sends ids in batches of 100', () => {
    watchPosts(Array.from({ length: MAX_WATCHED + 5 }, (_, i) => id(i)));
    jest.advanceTimersByTime(60);
    const batches = emitted('watch_posts') as { postIds: string[] }[];
    expect(batches.map((b) => b.postIds.length)).toEqual([100, 100, 100, 100]);
    expect(batches[0]!.postIds[0]).toBe(id(5));
  });

  it('watches the feed once however many feed screens are mounted', () => {
    const first = watchFeed();
    const second = watchFeed();
    first();
    expect(emitted('unwatch_feed')).toEqual([]);
    second();
    expect(emitted('watch_feed')).toHaveLength(1);
    expect(emitted('unwatch_feed')).toHaveLength(1);
  });
});
