import { MemoryReadStore } from '@platform/read-store/memory.read-store';

import { CachedCollection, CollectionCache } from './cached-collection';

describe('CachedCollection', () => {
  const setup = async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'posts' });
    const target = store.collection<{ id: string; n: number }>('posts');
    await target.upsertMany([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    const reads = { get: 0, getMany: 0, find: 0 };
    const counting = Object.assign(Object.create(target), {
      get: (id: string) => (reads.get++, target.get(id)),
      getMany: (ids: string[]) => (reads.getMany++, target.getMany(ids)),
      find: (q: object) => (reads.find++, target.find(q)),
    });
    const cache = new CollectionCache();
    return { target, cache, cached: new CachedCollection(counting, cache), reads };
  };

  it('answers repeated reads from memory, and the store again after a commit', async () => {
    const { target, cache, cached, reads } = await setup();
    expect(await cached.get('a')).toEqual({ id: 'a', n: 1 });
    expect(await cached.get('a')).toEqual({ id: 'a', n: 1 });
    expect((await cached.find({ limit: 10 })).items).toHaveLength(2);
    await cached.find({ limit: 10 });
    expect(reads).toEqual({ get: 0, getMany: 1, find: 1 });

    await target.upsert({ id: 'a', n: 5 });
    cache.invalidate();
    expect(await cached.get('a')).toEqual({ id: 'a', n: 5 });
    expect(reads.getMany).toBe(2);
  });

  it('gives every caller an array of its own: reversing one answer leaves the next alone', async () => {
    const { cached, reads } = await setup();
    const first = await cached.find({ sort: { field: 'id', direction: 'asc' } });
    first.items.reverse();
    const second = await cached.find({ sort: { field: 'id', direction: 'asc' } });
    expect(second.items.map((d) => d.id)).toEqual(['a', 'b']);
    expect(reads.find).toBe(1);
  });

  it('does not keep an answer loaded across a commit', async () => {
    const { target, cache, cached } = await setup();
    const slow = cached.get('b');
    cache.invalidate(); // the runner committed while the read was in flight
    await slow;
    await target.upsert({ id: 'b', n: 9 });
    expect(await cached.get('b')).toEqual({ id: 'b', n: 9 });
  });

  it('loads every id it does not hold with one read, and remembers absent ones', async () => {
    const { cached, reads } = await setup();
    await cached.get('a');
    expect((await cached.getMany(['a', 'b', 'zz'])).map((d) => d.id)).toEqual(['a', 'b']);
    expect(reads.getMany).toBe(2);
    expect(await cached.getMany(['zz', 'b', 'a'])).toEqual([
      { id: 'b', n: 2 },
      { id: 'a', n: 1 },
    ]);
    expect(reads.getMany).toBe(2);
  });

  it('reads a document once for concurrent askers, and again for those asking after a commit wrote it', async () => {
    const { target, cache, cached, reads } = await setup();
    const first = await Promise.all(Array.from({ length: 50 }, () => cached.get('b')));
    expect(reads.getMany).toBe(1);
    expect(new Set(first.map((d) => d?.n))).toEqual(new Set([2]));
    await target.upsert({ id: 'b', n: 3 });
    cache.committed(new Map([['b', { id: 'b', n: 3 }]]));
    expect(await cached.get('b')).toEqual({ id: 'b', n: 3 });
    expect(reads.getMany).toBe(1);
    // A load under way when the commit wrote the id is not joined by later askers, nor kept.
    const slow = cached.get('a');
    await target.upsert({ id: 'a', n: 7 });
    cache.committed(new Map([['a', { id: 'a', n: 7 }]]));
    await slow;
    expect(await cached.get('a')).toEqual({ id: 'a', n: 7 });
  });
});
