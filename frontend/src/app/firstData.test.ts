import type { AppDispatch } from './store';

/** Which prefetch chunks were loaded and what each asked for (mocked modules record themselves). */
const events: string[] = [];
/** The requests released once answered (a query nobody holds must not stay subscribed). */
const released: string[] = [];
const request = (name: string) => () => (
  events.push(`${name} asked`), { then: (answered: () => void) => answered(), unsubscribe: () => released.push(name) }
);
jest.mock('../features/feed/prefetch', () => (events.push('feed chunk'), { prefetchHomeFeed: request('feed') }));
jest.mock(
  '../features/learning/prefetch',
  () => (events.push('catalogue chunk'), { prefetchCatalogue: request('catalogue') }),
);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const dispatch = jest.fn() as unknown as AppDispatch;

describe("a first load asks for its first screen's data before the first render", () => {
  beforeEach(() => {
    events.length = 0;
    released.length = 0;
  });

  /** fetchFirstData of a fresh module registry; `early` asks once the chunk is in, else at once. */
  const start = (path: string, member: boolean, { early = true } = {}) =>
    jest.isolateModulesAsync(async () => {
      const { fetchFirstData } = await import('./firstData');
      const ask = fetchFirstData(path, member);
      if (early) await settle();
      ask(dispatch);
      await settle();
    });

  it("a member's home feed, from its api's chunk", async () => {
    await start('/home', true);
    expect(events).toEqual(['feed chunk', 'feed asked']);
    expect(released).toEqual(['feed']);
  });

  it('the catalogue, for a member and for a visitor of the link', async () => {
    await start('/learning', true);
    await start('/learning', false);
    expect(events).toEqual(['catalogue chunk', 'catalogue asked', 'catalogue chunk', 'catalogue asked']);
  });

  it('asks once the chunk arrives when the store is made first', async () => {
    await start('/', true, { early: false });
    expect(events).toEqual(['feed chunk', 'feed asked']);
  });

  it("nothing for a visitor's home (the sign-in screen) or a screen without start-up data", async () => {
    await start('/home', false);
    await start('/messages', true);
    await start('/learning/extra', true);
    expect(events).toEqual([]);
  });
});
