import { MemoryReadStore } from '../memory.read-store';
import { findAll } from './find-all';

describe('findAll', () => {
  it('reads past a single page, in sort order, with the filter applied', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'items' });
    const items = store.collection<{ id: string; n: number; even: boolean }>('items');
    await items.upsertMany(
      Array.from({ length: 2500 }, (_, n) => ({ id: `i${String(n).padStart(5, '0')}`, n, even: n % 2 === 0 })),
    );
    const even = await findAll(items, {
      where: { even: true },
      sort: { field: 'n', direction: 'desc', type: 'number' },
    });
    expect(even).toHaveLength(1250);
    expect(even[0]!.n).toBe(2498);
    expect(even.at(-1)!.n).toBe(0);
    expect(await findAll(items, { where: { n: -1 } })).toEqual([]);
  });
});
