import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import type { BatchWrites, CollectionWrites } from '@platform/read-store/read-store.port';

import { WriteCoalescer } from './write-coalescer';

describe('WriteCoalescer', () => {
  const setup = async () => {
    const store = new MemoryReadStore();
    for (const name of ['a', 'b', 'c']) await store.ensureCollection({ name });
    const calls: BatchWrites[][] = [];
    const writeBatch = store.writeBatch.bind(store);
    store.writeBatch = (writes, options) => (calls.push(writes), writeBatch(writes, options));
    return { store, calls, coalescer: new WriteCoalescer(store) };
  };
  const put = (collection: string, id: string): CollectionWrites[] => [{ collection, upserts: [{ id }], deletes: [] }];

  it('sends the batches written in one turn of the event loop as one', async () => {
    const { store, calls, coalescer } = await setup();
    await Promise.all([
      coalescer.writeBatch(put('a', '1')),
      coalescer.writeBatch(put('b', '1')),
      coalescer.writeBatch(put('c', '1')),
    ]);
    expect(calls).toHaveLength(1);
    expect(await store.collection('b').get('1')).toEqual({ id: '1' });
    await coalescer.writeBatch(put('a', '2'));
    expect(calls).toHaveLength(2);
  });

  it('writes each batch on its own when the joint write fails, so only the bad one fails', async () => {
    const { store, calls, coalescer } = await setup();
    const good = coalescer.writeBatch(put('a', '1'));
    const bad = coalescer.writeBatch(put('missing', '1'));
    await expect(good).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow(/does not exist/);
    expect(calls).toHaveLength(3);
    expect(await store.collection('a').get('1')).toEqual({ id: '1' });
  });
});
