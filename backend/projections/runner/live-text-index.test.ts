import type { IndexedDocument, SearchIndex } from '../../src/platform/read-store/read-store.port';
import { keptPositions } from '../../src/platform/read-store/text/indexed-text';
import { tokenise } from '../../src/platform/read-store/text/tokenise';
import { LiveTextIndex } from './live-text-index';

const doc = (id: string, text: string): IndexedDocument => ({ id, terms: keptPositions(tokenise(text)), fields: {} });

/** A store whose pages arrive when the test lets them (each `entries` call waits for `release`). */
function store(docs: IndexedDocument[]) {
  const waiting: (() => void)[] = [];
  let fail = false;
  const source: SearchIndex = {
    upsert: async () => undefined,
    remove: async () => undefined,
    query: async () => [],
    entries: async (after, limit) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (fail) throw new Error('store down');
      return docs.filter((d) => after === null || d.id > after).slice(0, limit);
    },
  };
  const settle = () => new Promise((r) => setImmediate(r));
  return {
    source,
    failNext: () => (fail = true),
    heal: () => (fail = false),
    async release() {
      await settle();
      waiting.splice(0).forEach((r) => r());
      await settle();
    },
  };
}

const ids = (live: LiveTextIndex, text: string) =>
  live
    .ready()
    ?.query(text)
    .map((h) => h.id);

describe('a search index held in memory', () => {
  it('is loaded when first asked (null until then), then answers from memory', async () => {
    const s = store([doc('a', 'patience in prayer'), doc('b', 'mercy')]);
    const live = new LiveTextIndex(s.source);
    expect(live.ready()).toBeNull();
    await s.release();
    expect(ids(live, 'pati')).toEqual(['a']);
    expect(ids(live, 'mercy')).toEqual(['b']);
  });

  it('applies what committed while it was loading, after the load, in order', async () => {
    const s = store([doc('a', 'patience'), doc('b', 'mercy')]);
    const live = new LiveTextIndex(s.source);
    live.ready();
    live.committed(new Map([['c', { text: 'patience again', fields: {} }]]));
    live.committed(new Map([['b', null]]));
    live.committed(new Map([['c', { text: 'charity', fields: {} }]]));
    await s.release();
    expect(ids(live, 'patience')).toEqual(['a']);
    expect(ids(live, 'mercy')).toEqual([]);
    expect(ids(live, 'charity')).toEqual(['c']);
    live.committed(new Map([['d', { text: 'mercy', fields: { kind: 'post' } }]]));
    expect(live.ready()!.query('mercy')).toEqual([{ id: 'd', score: expect.any(Number), fields: { kind: 'post' } }]);
  });

  it('forgets everything when dropped, even a load under way, and loads afresh when next asked', async () => {
    const s = store([doc('a', 'patience')]);
    const live = new LiveTextIndex(s.source);
    live.ready();
    live.drop();
    await s.release();
    expect(live.ready()).toBeNull();
    await s.release();
    expect(ids(live, 'patience')).toEqual(['a']);
    live.drop();
    expect(live.ready()).toBeNull();
  });

  it('leaves the answers to the store when a load fails, and tries again later', async () => {
    let now = 0;
    const s = store([doc('a', 'patience')]);
    const live = new LiveTextIndex(s.source, 10, () => now);
    s.failNext();
    live.ready();
    await s.release();
    s.heal();
    expect(live.ready()).toBeNull();
    now += 30_000;
    expect(live.ready()).toBeNull();
    await s.release();
    expect(ids(live, 'patience')).toEqual(['a']);
  });

  it('stays in the store for good when it holds more than can be kept', async () => {
    const s = store(Array.from({ length: 3 }, (_, i) => doc(`d${i}`, 'patience')));
    const live = new LiveTextIndex(s.source, 2, () => 0);
    live.ready();
    await s.release();
    expect(live.ready()).toBeNull();
    await s.release();
    expect(live.ready()).toBeNull();
  });
});
