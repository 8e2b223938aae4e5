import type { RecordedEvent } from '@platform/event-store/event-store.port';
import { silentLogger } from '@platform/logging';
import type { ReadStore, SearchIndex } from '@platform/read-store/read-store.port';

import { eventually } from '../../src/testing/eventually';
import { ProjectionRunner } from './projection-runner';
import { CHECKPOINT_COLLECTION, checkpointId, readState } from './projection-state';
import { physicalName, type Projector } from './projector';
import { rebuildProjection } from './rebuild';
import { RunnerProgress } from './runner-progress';
import { RunnerReadModels } from './runner-read-models';
import { storeFactories, type TestStores } from './testing/stores';
import { counted, type TallyDoc, tallyProjector } from './testing/tally.projector';

const STREAMS = 6;

async function appendRound(stores: TestStores, perStream: number, from = 0) {
  let checkpoint = '';
  for (let s = from; s < from + STREAMS; s++) {
    const r = await stores.eventStore.appendToStream(`counter-${s % STREAMS}`, counted(perStream), 'any');
    checkpoint = r.checkpoint > checkpoint ? r.checkpoint : checkpoint;
  }
  await stores.eventStore.appendToStream('other-1', [{ type: 'Ignored', data: {} }], 'any');
  return checkpoint;
}

async function tallies(stores: TestStores, projector: Projector) {
  const models = new RunnerReadModels(stores.readStore, [projector], 0);
  const docs = await models.collection<TallyDoc>('tallies').find({ limit: 1000 });
  return Object.fromEntries(docs.items.map((d) => [d.id, { count: d.count, anomalies: d.anomalies ?? [] }]));
}

const expectTallies = (n: number) =>
  Object.fromEntries(Array.from({ length: STREAMS }, (_, s) => [`counter-${s}`, { count: n, anomalies: [] }]));

async function waitUntil(cond: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function runner(
  stores: TestStores,
  projectors: Projector[],
  extra: Partial<ConstructorParameters<typeof ProjectionRunner>[0]> = {},
) {
  return new ProjectionRunner({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    projectors,
    logger: silentLogger,
    batchSize: 7,
    retryDelayMs: 10,
    leaseTtlMs: 600,
    ...extra,
  });
}

/** Notes indexed by their text (a projector with a search index). */
function notesProjector(): Projector {
  return {
    name: 'notes',
    version: 1,
    handles: ['Noted'],
    collections: [],
    searchIndexes: ['notes_text'],
    async handle(event, ctx) {
      await ctx
        .searchIndex('notes_text')
        .upsert(event.streamId, { text: String((event.data as { text: string }).text) });
    },
  };
}

/** The same store, but its search indexes cannot list their documents (so none is held in memory). */
function withoutEntries(store: ReadStore): ReadStore {
  return Object.assign(Object.create(store) as ReadStore, {
    searchIndex: (name: string): SearchIndex => {
      const index = store.searchIndex(name);
      return {
        upsert: (id, doc) => index.upsert(id, doc),
        remove: (id) => index.remove(id),
        query: (t, o) => index.query(t, o),
      };
    },
  });
}

for (const [engine, create] of storeFactories()) {
  describe(`ProjectionRunner on ${engine}`, () => {
    let stores: TestStores;
    beforeEach(async () => {
      stores = await create();
    });
    afterEach(async () => {
      await stores.dispose();
    });

    it('projects the log, then resumes from its checkpoint without doubling', async () => {
      const projector = tallyProjector();
      const progress = new RunnerProgress(stores.readStore);
      let cp = await appendRound(stores, 5);
      const first = runner(stores, [projector]);
      await first.start();
      expect(await progress.waitFor(cp, ['tally'], 10_000)).toBe(true);
      expect(await tallies(stores, projector)).toEqual(expectTallies(5));
      await first.stop();

      cp = await appendRound(stores, 3);
      const second = runner(stores, [projector]);
      await second.start();
      expect(await progress.waitFor(cp, ['tally'], 10_000)).toBe(true);
      await second.stop();
      expect(await tallies(stores, projector)).toEqual(expectTallies(8));
    });

    it('loses and doubles nothing when a batch dies half-way', async () => {
      const failOn = new Set<string>();
      let failures = 0;
      const base = tallyProjector();
      // Dies after this batch's earlier writes reached the store (find() flushes them, which makes
      // the batch run in a transaction), the way a process killed mid-batch would leave them: the
      // transaction must take them back.
      const crashing: Projector = {
        ...base,
        async handle(event: RecordedEvent, ctx) {
          await base.handle(event, ctx);
          if (failOn.has(event.id)) {
            await ctx.collection('tallies').find({ limit: 1 });
            failOn.delete(event.id);
            failures++;
            throw new Error('simulated crash');
          }
        },
      };
      // The checkpoint the appends answered: readAll may not show the last of them yet while other
      // suites' transactions are open (see the crash test).
      const cp = await appendRound(stores, 4);
      const all = await eventually(
        () => stores.eventStore.readAll({ maxCount: 1000 }),
        (events) => events.length > 20,
        'the appended events readable',
      );
      for (const i of [3, 10, 11, 20]) failOn.add(all[i]!.id);
      const r = runner(stores, [crashing]);
      await r.start();
      expect(await new RunnerProgress(stores.readStore, r).waitFor(cp, ['tally'], 10_000)).toBe(true);
      await r.stop();
      expect(failures).toBe(4);
      expect(await tallies(stores, base)).toEqual(expectTallies(4));
    });

    it('lets one owner write a read model at a time and hands over when it stops', async () => {
      const projector = tallyProjector();
      const handledBy: Record<string, number> = { a: 0, b: 0 };
      const a = runner(stores, [tallyProjector({ onEvent: () => void handledBy.a!++ })]);
      const b = runner(stores, [tallyProjector({ onEvent: () => void handledBy.b!++ })]);
      await a.start();
      let cp = await appendRound(stores, 2);
      const progress = new RunnerProgress(stores.readStore);
      expect(await progress.waitFor(cp, ['tally'], 10_000)).toBe(true);
      await b.start();
      cp = await appendRound(stores, 2);
      expect(await progress.waitFor(cp, ['tally'], 10_000)).toBe(true);
      expect(handledBy.b).toBe(0);
      // Only the owner follows every projector (so only it may skip waking other processes).
      expect([a.followsAll(), b.followsAll()]).toEqual([true, false]);
      await a.stop();
      expect(a.followsAll()).toBe(false);
      cp = await appendRound(stores, 2);
      expect(await progress.waitFor(cp, ['tally'], 10_000)).toBe(true);
      expect(b.followsAll()).toBe(true);
      await b.stop();
      expect(handledBy.b).toBeGreaterThan(0);
      expect(handledBy.a! + handledBy.b!).toBe(STREAMS * 6);
      expect(await tallies(stores, projector)).toEqual(expectTallies(6));
    });

    it('rebuilds into a new generation while serving reads, then carries on live', async () => {
      const projector = tallyProjector();
      let cp = await appendRound(stores, 3);
      const live = runner(stores, [projector]);
      await live.start();
      const progress = new RunnerProgress(stores.readStore, live);
      expect(await progress.waitFor(cp, ['tally'], 10_000)).toBe(true);

      const reads: Promise<unknown>[] = [];
      const appending = (async () => {
        for (let i = 0; i < 5; i++) await appendRound(stores, 1);
      })();
      const result = await rebuildProjection({
        eventStore: stores.eventStore,
        readStore: stores.readStore,
        projector,
        logger: silentLogger,
        batchSize: 5,
        dropAfterMs: 50,
        onProgress: () => void reads.push(tallies(stores, projector)),
      });
      await appending;
      expect(result.generation).toBe(2);
      // Reads during the rebuild kept answering from a complete generation.
      for (const r of await Promise.all(reads)) expect(Object.keys(r as object).length).toBe(STREAMS);

      cp = await appendRound(stores, 1);
      expect(await progress.waitFor(cp, ['tally'], 10_000)).toBe(true);
      await live.stop();
      expect((await readState(stores.readStore, 'tally'))?.activeGeneration).toBe(2);
      expect(await tallies(stores, projector)).toEqual(expectTallies(9));
      // The old generation is gone (a dropped collection either errors or reads as empty).
      const gone = await stores.readStore
        .collection(physicalName('tallies', 1))
        .count()
        .then(
          (n) => n === 0,
          () => true,
        );
      expect(gone).toBe(true);
    });

    it('rebuilds on its own when the projector version changes', async () => {
      const cp = await appendRound(stores, 2);
      const v1 = runner(stores, [tallyProjector({ version: 1 })]);
      await v1.start();
      expect(await new RunnerProgress(stores.readStore).waitFor(cp, ['tally'], 10_000)).toBe(true);
      await v1.stop();

      const v2projector = tallyProjector({ version: 2 });
      const v2 = runner(stores, [v2projector]);
      await v2.start();
      await waitUntil(async () => (await readState(stores.readStore, 'tally'))?.version === 2);
      const after = await appendRound(stores, 1);
      expect(await new RunnerProgress(stores.readStore, v2).waitFor(after, ['tally'], 10_000)).toBe(true);
      await v2.stop();
      // Stopped within the grace before the old generation is dropped: stop() waits for the drop
      // (else it lands under the next owner of the read store).
      expect(await stores.readStore.collection(CHECKPOINT_COLLECTION).get(checkpointId('tally', 1))).toBeNull();
      expect((await readState(stores.readStore, 'tally'))?.activeGeneration).toBe(2);
      expect(await tallies(stores, v2projector)).toEqual(expectTallies(3));
    });

    it('keeps search answers while it follows the index, until a batch writes to it', async () => {
      const noted = notesProjector();
      const r = runner(stores, [noted]);
      await r.start();
      const progress = new RunnerProgress(stores.readStore, r);
      // The index is not held in memory here (its store cannot list its documents): answers alone.
      const models = new RunnerReadModels(withoutEntries(stores.readStore), [noted], 0, r);
      const note = async (id: string, text: string) => {
        const { checkpoint } = await stores.eventStore.appendToStream(id, [{ type: 'Noted', data: { text } }], 'any');
        expect(await progress.waitFor(checkpoint, ['notes'], 5_000)).toBe(true);
      };
      const found = async () => {
        const [alone, [together]] = await Promise.all([
          models.searchIndex('notes_text').query('sabr'),
          models.searchMany([{ index: 'notes_text', text: 'sabr' }]),
        ]);
        expect(together).toEqual(alone);
        return alone.map((h) => h.id).sort();
      };
      await note('note-1', 'sabr first');
      expect(await found()).toEqual(['note-1']);
      // Held: an entry removed behind the runner's back still shows until the index changes.
      await stores.readStore.searchIndex(physicalName('notes_text', 1)).remove('note-1');
      expect(await found()).toEqual(['note-1']);
      // A write the answer cannot see (no hit of it, and the text does not match) leaves it held.
      await note('note-3', 'shukr only');
      expect(await found()).toEqual(['note-1']);
      // A text that matches now, the last word as a prefix, drops it.
      await note('note-2', 'sabran second');
      expect(await found()).toEqual(['note-2']);
      // So does a write to one of its hits, even when it no longer matches.
      await stores.readStore.searchIndex(physicalName('notes_text', 1)).upsert('note-4', { text: 'sabr fourth' });
      expect(await found()).toEqual(['note-2']);
      await note('note-2', 'no longer');
      expect(await found()).toEqual(['note-4']);
      // Read models that do not follow the projector ask the store every time.
      const unfollowed = new RunnerReadModels(stores.readStore, [noted], 0);
      await stores.readStore.searchIndex(physicalName('notes_text', 1)).remove('note-4');
      expect(await unfollowed.searchIndex('notes_text').query('sabr')).toEqual([]);
      expect(await unfollowed.searchMany([{ index: 'notes_text', text: 'sabr' }])).toEqual([[]]);
      await r.stop();
    });

    // The SQL stores list an index's documents (SearchIndex.entries); the memory store has no need to.
    if (engine !== 'memory')
      it('answers texts from its index held in memory, as its batches commit', async () => {
        const noted = notesProjector();
        const r = runner(stores, [noted]);
        await r.start();
        const progress = new RunnerProgress(stores.readStore, r);
        const models = new RunnerReadModels(stores.readStore, [noted], 0, r);
        const note = async (id: string, text: string) => {
          const { checkpoint } = await stores.eventStore.appendToStream(id, [{ type: 'Noted', data: { text } }], 'any');
          expect(await progress.waitFor(checkpoint, ['notes'], 5_000)).toBe(true);
        };
        const ids = async (text: string) => (await models.searchIndex('notes_text').query(text)).map((h) => h.id);
        await note('note-1', 'sabr first');
        expect(await models.searchMany([{ index: 'notes_text', text: 'nothing' }])).toEqual([[]]);
        const physical = physicalName('notes_text', 1);
        await waitUntil(async () => r.docs.peekText(physical)?.ready() != null);
        // The store loses an entry behind the runner's back: memory, which only the runner writes, keeps it.
        await stores.readStore.searchIndex(physical).remove('note-1');
        expect(await ids('sab')).toEqual(['note-1']);
        expect(await models.searchMany([{ index: 'notes_text', text: 'sa' }])).toEqual([
          [expect.objectContaining({ id: 'note-1' })],
        ]);
        // A batch's writes are there when the command waiting on it answers.
        await note('note-2', 'sabran second');
        expect(await ids('sabra')).toEqual(['note-2']);
        await note('note-2', 'no longer');
        expect(await ids('sabra')).toEqual([]);
        await r.stop();
      });

    it('read-your-writes: waits for the named projections, bounded', async () => {
      const projector = tallyProjector();
      const r = runner(stores, [projector]);
      await r.start();
      const progress = new RunnerProgress(stores.readStore, r);
      const { checkpoint } = await stores.eventStore.appendToStream('counter-0', counted(1), 'no_stream');
      expect(await progress.waitFor(checkpoint, ['tally'], 5_000)).toBe(true);
      expect((await tallies(stores, projector))['counter-0']).toEqual({ count: 1, anomalies: [] });
      await r.stop();

      const late = await stores.eventStore.appendToStream('counter-0', counted(1), 0);
      const started = Date.now();
      expect(await progress.waitFor(late.checkpoint, ['tally'], 150)).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    });
  });
}
