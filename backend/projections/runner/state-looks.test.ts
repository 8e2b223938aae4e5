import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import type { ReadStore } from '@platform/read-store/read-store.port';

import { GUARD_RECHECK_MS, STATE_COLLECTION } from './projection-state';
import { SharedStateLooks } from './state-looks';

const state = (id: string, activeGeneration: number) => ({
  id,
  activeGeneration,
  version: 1,
  building: null,
  switchedAt: '2026-12-03T00:00:00.000Z',
});

describe('SharedStateLooks', () => {
  let store: ReadStore;
  let reads: string[][];
  let now: number;
  const looks = () =>
    new SharedStateLooks(
      () => ['feed', 'search'],
      () => now,
    );

  beforeEach(async () => {
    store = new MemoryReadStore();
    await store.ensureCollection({ name: STATE_COLLECTION });
    await store.collection(STATE_COLLECTION).upsertMany([state('feed', 1), state('search', 2)]);
    reads = [];
    now = 1_000;
    const collection = store.collection.bind(store);
    store.collection = ((name: string) => {
      const c = collection(name);
      return Object.assign(Object.create(c) as typeof c, {
        getMany: (ids: string[]) => (reads.push(ids), c.getMany(ids)),
      });
    }) as typeof store.collection;
  });

  it("reads every followed projector's state in one look, shared by the guards of the next second", async () => {
    const shared = looks();
    const [a, b] = await Promise.all([shared.look(store, false), shared.look(store, false)]);
    expect(reads).toEqual([['feed', 'search']]);
    expect(a).toBe(b);
    expect([a.states.get('feed')?.activeGeneration, a.states.get('search')?.activeGeneration]).toEqual([1, 2]);
    expect(a.startedAt).toBe(1_000);
    now += GUARD_RECHECK_MS - 1;
    await store.collection(STATE_COLLECTION).upsert(state('feed', 2));
    expect((await shared.look(store, false)).states.get('feed')?.activeGeneration).toBe(1);
    expect(reads).toHaveLength(1);
    // A second on from the look's start: read again, and the switch is seen.
    now += 1;
    const later = await shared.look(store, false);
    expect(later.states.get('feed')?.activeGeneration).toBe(2);
    expect(later.startedAt).toBe(1_000 + GUARD_RECHECK_MS);
    expect(reads).toHaveLength(2);
  });

  it('reads again when asked for a fresh look (a projector being rebuilt)', async () => {
    const shared = looks();
    await shared.look(store, false);
    await shared.look(store, true);
    expect(reads).toHaveLength(2);
  });

  it('does not keep a look that failed', async () => {
    const shared = looks();
    const failing = Object.create(store) as ReadStore;
    failing.collection = (() => ({ getMany: () => Promise.reject(new Error('store down')) })) as never;
    await expect(shared.look(failing, false)).rejects.toThrow('store down');
    expect((await shared.look(store, false)).states.get('search')?.activeGeneration).toBe(2);
  });
});
