import { LruCache, makeRoom } from './lru-cache';

describe('LruCache', () => {
  it('forgets the least recently used entry when full', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('forgets an entry once it is older than the ttl', () => {
    let now = 1_000;
    const cache = new LruCache<string>(10, 500, () => now);
    cache.set('q', 'answer');
    now += 499;
    expect(cache.get('q')).toBe('answer');
    now += 1;
    expect(cache.get('q')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('computes a missing value once and serves it after', async () => {
    const cache = new LruCache<number>(10);
    const compute = jest.fn(async () => 42);
    expect(await cache.getOrCompute('k', compute)).toBe(42);
    expect(await cache.getOrCompute('k', compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
    await expect(cache.getOrCompute('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.get('x')).toBeUndefined();
  });

  it('refuses a size below one', () => {
    expect(() => new LruCache(0)).toThrow();
  });
});

describe('makeRoom', () => {
  const filled = (n: number) => new Map(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

  it('leaves a map that is not full alone', () => {
    const map = filled(99);
    makeRoom(map, 100);
    expect(map.size).toBe(99);
  });

  it('drops the oldest tenth of a full map, in insertion order', () => {
    const map = filled(100);
    makeRoom(map, 100);
    expect(map.size).toBe(90);
    expect([...map.keys()][0]).toBe('k10');
    expect(map.has('k99')).toBe(true);
  });

  it('drops at least one entry from a small full map', () => {
    const map = filled(3);
    makeRoom(map, 3);
    expect([...map.keys()]).toEqual(['k1', 'k2']);
  });
});
