import type { RecordedEvent } from '@platform/event-store/event-store.port';
import type { Doc, ReadStore } from '@platform/read-store/read-store.port';

import { applyBatch } from './apply-batch';
import { CachedCollection } from './cached-collection';
import { ensureBookkeeping, ensureGeneration } from './collections';
import { CommittedDocs } from './committed-docs';
import { readCheckpoint } from './projection-state';
import { physicalName, type Projector } from './projector';
import { storeFactories } from './testing/stores';

interface NoteDoc extends Doc {
  text: string;
  seen?: number;
}

let position = 0;
const event = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: { occurredAt: new Date().toISOString() } as RecordedEvent['metadata'],
  streamId: `note-${String(data.id)}`,
  streamVersion: 0,
  checkpoint: String(position).padStart(8, '0'),
});

/**
 * Notes: 'Written' puts one (and indexes its text), 'Erased' removes it, 'Tallied' counts notes (a
 * query over its own writes), 'Searched' counts the notes its text finds (a search over them).
 */
function notesProjector(): Projector {
  return {
    name: 'notes',
    version: 1,
    handles: ['Written', 'Erased', 'Tallied', 'Peeked', 'Searched'],
    collections: [{ name: 'notes' }, { name: 'tally' }],
    searchIndexes: ['note_text'],
    async handle(e, ctx) {
      const notes = ctx.collection<NoteDoc>('notes');
      const d = e.data as { id: string; text?: string };
      if (e.type === 'Written') {
        await notes.upsert({ id: d.id, text: d.text ?? '' });
        await ctx.searchIndex('note_text').upsert(d.id, { text: d.text ?? '' });
      }
      if (e.type === 'Erased') {
        await notes.delete(d.id);
        await ctx.searchIndex('note_text').remove(d.id);
      }
      if (e.type === 'Tallied') await ctx.collection('tally').upsert({ id: 'all', n: await notes.count() });
      if (e.type === 'Searched') {
        const found = await ctx.searchIndex('note_text').query(d.text ?? '');
        await ctx.collection('tally').upsert({ id: 'found', n: found.length });
      }
      // Changes the document it read without writing it: the cache must not keep that change.
      if (e.type === 'Peeked') {
        const note = await notes.get(d.id);
        if (note) note.seen = (note.seen ?? 0) + 1;
      }
    },
  };
}

describe.each(storeFactories())('applyBatch (%s)', (_engine, makeStores) => {
  let readStore: ReadStore;
  let dispose: () => Promise<void>;
  const projector = notesProjector();
  const notes = () => readStore.collection<NoteDoc>(physicalName('notes', 1));

  beforeEach(async () => {
    ({ readStore, dispose } = await makeStores());
    await ensureBookkeeping(readStore);
    await ensureGeneration(readStore, projector, 1);
  });
  afterEach(() => dispose());

  function spyOnStore() {
    const calls = { transaction: 0, writeBatch: 0, getMany: 0 };
    const transaction = readStore.transaction.bind(readStore);
    const writeBatch = readStore.writeBatch.bind(readStore);
    const collection = readStore.collection.bind(readStore);
    // Engines without a one-statement form run writeBatch as a transaction: that one is not counted.
    let inWriteBatch = false;
    readStore.transaction = (fn, options) => (inWriteBatch || calls.transaction++, transaction(fn, options));
    readStore.writeBatch = (writes, options) => {
      calls.writeBatch++;
      inWriteBatch = true;
      try {
        return writeBatch(writes, options);
      } finally {
        inWriteBatch = false;
      }
    };
    readStore.collection = <T extends Doc>(name: string) => {
      const target = collection<T>(name);
      return Object.assign(Object.create(target), {
        getMany: (ids: string[]) => (calls.getMany++, target.getMany(ids)),
      });
    };
    return calls;
  }

  const found = async (text: string) =>
    (await readStore.searchIndex(physicalName('note_text', 1)).query(text)).map((h) => h.id).sort();

  it('writes a batch, its search entries and its checkpoint with one writeBatch, without a transaction', async () => {
    await notes().upsert({ id: 'gone', text: 'old' });
    await readStore.searchIndex(physicalName('note_text', 1)).upsert('gone', { text: 'old Salaam' });
    const calls = spyOnStore();
    const batch = [
      event('Written', { id: 'a', text: 'Salaam' }),
      event('Written', { id: 'b', text: 'Ramadan' }),
      event('Erased', { id: 'gone' }),
    ];
    expect(await applyBatch(readStore, projector, 1, batch)).toBe(batch[2]!.checkpoint);
    expect(calls).toMatchObject({ transaction: 0, writeBatch: 1 });
    expect((await notes().find()).items).toEqual([
      { id: 'a', text: 'Salaam' },
      { id: 'b', text: 'Ramadan' },
    ]);
    expect(await readCheckpoint(readStore, 'notes', 1)).toBe(batch[2]!.checkpoint);
    expect(await found('salaam')).toEqual(['a']);
    expect(await found('ramadan')).toEqual(['b']);
  });

  it('writes the checkpoint inside the batch transaction: all of the batch or none of it', async () => {
    const batch = [event('Written', { id: 'a', text: 'Salaam' }), event('Tallied', {})];
    let seenInside = '';
    await applyBatch(readStore, projector, 1, batch, {
      // Runs last inside the transaction: the checkpoint must already be there, uncommitted with the data.
      finalize: async (session) => {
        seenInside = await readCheckpoint(session, 'notes', 1);
      },
    });
    expect(seenInside).toBe(batch[1]!.checkpoint);
    const failing = [event('Written', { id: 'b', text: 'lost' })];
    await expect(
      applyBatch(readStore, projector, 1, failing, {
        finalize: () => Promise.reject(new Error('crash before commit')),
      }),
    ).rejects.toThrow('crash before commit');
    expect(await readCheckpoint(readStore, 'notes', 1)).toBe(batch[1]!.checkpoint);
    expect(await notes().get('b')).toBeNull();
  });

  it('runs a batch again inside a transaction when it queries its own writes', async () => {
    const calls = spyOnStore();
    await applyBatch(readStore, projector, 1, [
      event('Written', { id: 'a' }),
      event('Written', { id: 'b' }),
      event('Tallied', {}),
    ]);
    expect(calls).toMatchObject({ transaction: 1, writeBatch: 0 });
    expect(await readStore.collection(physicalName('tally', 1)).get('all')).toEqual({ id: 'all', n: 2 });
    expect(await notes().count()).toBe(2);
  });

  it('runs a batch again inside a transaction when it searches its own index, and finds its own writes', async () => {
    const calls = spyOnStore();
    await applyBatch(readStore, projector, 1, [
      event('Written', { id: 'a', text: 'Hajj' }),
      event('Searched', { text: 'hajj' }),
    ]);
    expect(calls).toMatchObject({ transaction: 1, writeBatch: 0 });
    expect(await readStore.collection(physicalName('tally', 1)).get('found')).toEqual({ id: 'found', n: 1 });
    expect(await found('hajj')).toEqual(['a']);
  });

  it('keeps what a batch committed in the shared cache: the next batch and the query side read it from there', async () => {
    const cache = new CommittedDocs();
    // The first read of 'notes' puts it in use; from then on its commits are kept.
    await applyBatch(
      readStore,
      projector,
      1,
      [event('Peeked', { id: 'a' }), event('Written', { id: 'a', text: 'first' })],
      { cache },
    );
    const calls = spyOnStore();
    await applyBatch(
      readStore,
      projector,
      1,
      [event('Peeked', { id: 'a' }), event('Erased', { id: 'a' }), event('Written', { id: 'b', text: 'second' })],
      { cache },
    );
    expect(calls.getMany).toBe(0);
    const shared = cache.of(physicalName('notes', 1));
    const querySide = new CachedCollection(readStore.collection<NoteDoc>(physicalName('notes', 1)), shared);
    expect(await querySide.getMany(['a', 'b'])).toEqual([{ id: 'b', text: 'second' }]);
    expect(calls.getMany).toBe(0);
    expect((await notes().find()).items).toEqual([{ id: 'b', text: 'second' }]);
  });

  it('copies nothing into the cache of a collection nobody reads', async () => {
    const cache = new CommittedDocs();
    await applyBatch(readStore, projector, 1, [event('Written', { id: 'a', text: 'x' }), event('Tallied', {})], {
      cache,
    });
    expect(cache.of(physicalName('tally', 1)).inUse).toBe(false);
  });

  it('never lets a handler change the cached copy of a document it did not write', async () => {
    const cache = new CommittedDocs();
    await applyBatch(
      readStore,
      projector,
      1,
      [event('Peeked', { id: 'a' }), event('Written', { id: 'a', text: 'x' })],
      { cache },
    );
    await applyBatch(readStore, projector, 1, [event('Peeked', { id: 'a' })], { cache });
    expect(cache.of(physicalName('notes', 1)).doc('a')).toEqual({ id: 'a', text: 'x' });
  });

  it('drops the shared cache when a write fails (the store may hold part of it)', async () => {
    const cache = new CommittedDocs();
    await applyBatch(
      readStore,
      projector,
      1,
      [event('Peeked', { id: 'a' }), event('Written', { id: 'a', text: 'x' })],
      { cache },
    );
    expect(cache.of(physicalName('notes', 1)).doc('a')).toEqual({ id: 'a', text: 'x' });
    readStore.writeBatch = async () => {
      throw new Error('connection lost');
    };
    await expect(
      applyBatch(readStore, projector, 1, [event('Written', { id: 'a', text: 'y' })], { cache }),
    ).rejects.toThrow('connection lost');
    expect(cache.of(physicalName('notes', 1)).doc('a')).toBeUndefined();
  });
});
