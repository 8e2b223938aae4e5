import { newId } from '../../ids';
import { WrongExpectedVersionError } from '../errors';
import type { AppendResult, EventStore, ExpectedVersion, NewEvent, RecordedEvent, Subscription } from '../event-store.port';

export interface EventStoreFixture {
  store: EventStore;
  dispose(): Promise<void>;
}

export interface EventStoreContractOptions {
  /** Whether each factory call gives an empty store (false for a shared KurrentDB server). */
  freshStoreIsEmpty: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The behaviour every event store adapter must share. One store serves the whole suite (creating
 * an embedded database per test would be slow), so every test writes to streams of its own and
 * reads the log after a checkpoint it took first.
 *
 * The log may show a commit a moment late (the SQL store waits for older transactions anywhere in
 * the database to end), so a test that starts from "the head" first waits until the head has
 * reached everything the suite wrote: settledHead().
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStoreFixture>,
  options: EventStoreContractOptions,
): void {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    let suiteStart: string;
    let lastWritten = '';
    const settledHead = async () => {
      await settle(store, lastWritten);
      return store.headCheckpoint();
    };

    beforeAll(async () => {
      fixture = await factory();
      store = tracking(fixture.store, (checkpoint) => {
        if (checkpoint > lastWritten) lastWritten = checkpoint;
      });
      suiteStart = await store.headCheckpoint();
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    describe('append and read back', () => {
      it('stores ids, types, data and metadata, filling in the metadata defaults', async () => {
        const streamId = stream('post');
        const givenId = newId();
        const before = new Date().toISOString();
        const result = await store.appendToStream(streamId, [
          {
            id: givenId,
            type: 'PostCreated',
            data: { text: 'Bismillah', tags: ['a', 'b'], count: 2, nested: { ok: true } },
            metadata: { actor: 'user-1', correlationId: 'corr-1', causationId: 'cause-1', requestId: 'req-1', ip: '10.0.0.1' },
          },
          { type: 'PostLiked', data: { by: 'user-2' } },
        ]);
        const after = new Date().toISOString();

        expect(result.streamId).toBe(streamId);
        expect(result.nextExpectedVersion).toBe(1);
        expect(result.events.map((e) => e.streamVersion)).toEqual([0, 1]);
        expect(result.checkpoint).toBe(result.events[1].checkpoint);
        expect(result.events[0].id).toBe(givenId);
        expect(result.events[1].id).toMatch(UUID);

        const read = await store.readStream(streamId);
        expect(read).toEqual(result.events);
        expect(read[0]).toMatchObject({
          id: givenId,
          type: 'PostCreated',
          streamId,
          streamVersion: 0,
          data: { text: 'Bismillah', tags: ['a', 'b'], count: 2, nested: { ok: true } },
          metadata: { actor: 'user-1', correlationId: 'corr-1', causationId: 'cause-1', requestId: 'req-1', ip: '10.0.0.1' },
        });
        // Unset fields get defaults; the call's events share the first event's correlation id.
        expect(read[1].metadata).toEqual({
          actor: null,
          occurredAt: read[1].metadata.occurredAt,
          correlationId: 'corr-1',
          causationId: null,
          requestId: null,
        });
        expect(read[1].metadata.occurredAt >= before && read[1].metadata.occurredAt <= after).toBe(true);
        expect(read[0].metadata.occurredAt).toBe(read[1].metadata.occurredAt);
      });

      it('starts a correlation chain at the first event when none is given', async () => {
        const { events } = await store.appendToStream(stream('chain'), [ev('A'), ev('B')]);
        expect(events[0].metadata.correlationId).toBe(events[0].id);
        expect(events[1].metadata.correlationId).toBe(events[0].id);
      });

      it('reads nothing from a stream that does not exist', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('rejects appends with no events or an invalid expected version', async () => {
        await expect(store.appendToStream(stream('empty'), [])).rejects.toThrow(TypeError);
        await expect(store.appendToStream(stream('bad'), [ev('A')], -1)).rejects.toThrow(TypeError);
      });
    });

    describe('expected versions', () => {
      it('no_stream: succeeds on a new stream, conflicts once it exists', async () => {
        const s = stream('nostream');
        expect((await store.appendToStream(s, [ev('A')], 'no_stream')).nextExpectedVersion).toBe(0);
        await expectConflict(store.appendToStream(s, [ev('B')], 'no_stream'), s, 'no_stream', 0);
      });

      it('stream_exists: conflicts on a missing stream, succeeds on an existing one', async () => {
        const s = stream('exists');
        await expectConflict(store.appendToStream(s, [ev('A')], 'stream_exists'), s, 'stream_exists', -1);
        await store.appendToStream(s, [ev('A')]);
        expect((await store.appendToStream(s, [ev('B')], 'stream_exists')).nextExpectedVersion).toBe(1);
      });

      it('any: succeeds whatever the stream state', async () => {
        const s = stream('any');
        expect((await store.appendToStream(s, [ev('A')], 'any')).nextExpectedVersion).toBe(0);
        expect((await store.appendToStream(s, [ev('B'), ev('C')], 'any')).nextExpectedVersion).toBe(2);
        expect((await store.appendToStream(s, [ev('D')])).nextExpectedVersion).toBe(3);
      });

      it('exact revision: succeeds when current, conflicts when stale or ahead, writing nothing', async () => {
        const s = stream('exact');
        await store.appendToStream(s, [ev('A')], 'no_stream');
        expect((await store.appendToStream(s, [ev('B')], 0)).nextExpectedVersion).toBe(1);
        await expectConflict(store.appendToStream(s, [ev('C')], 0), s, 0, 1);
        await expectConflict(store.appendToStream(s, [ev('C')], 5), s, 5, 1);
        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B']);
      });
    });

    describe('readStream', () => {
      it('reads from a version and at most maxCount events', async () => {
        const s = stream('range');
        await store.appendToStream(s, ['A', 'B', 'C', 'D', 'E'].map(ev));
        const versions = async (o: { fromVersion?: number; maxCount?: number }) =>
          (await store.readStream(s, o)).map((e) => e.streamVersion);
        expect(await versions({ fromVersion: 2 })).toEqual([2, 3, 4]);
        expect(await versions({ maxCount: 2 })).toEqual([0, 1]);
        expect(await versions({ fromVersion: 1, maxCount: 2 })).toEqual([1, 2]);
        expect(await versions({ fromVersion: 5 })).toEqual([]);
      });
    });

    describe('readAll', () => {
      it('reads strictly after a checkpoint, in append order, at most maxCount', async () => {
        const head = await settledHead();
        const a = await store.appendToStream(stream('all-a'), [ev('A1'), ev('A2'), ev('A3')]);
        const b = await store.appendToStream(stream('all-b'), [ev('B1'), ev('B2')]);
        const written = [...a.events, ...b.events];
        await settle(store, b.checkpoint);

        expect(await store.readAll({ after: head })).toEqual(written);
        expect((await store.readAll({ after: written[1].checkpoint })).map((e) => e.type)).toEqual(['A3', 'B1', 'B2']);
        expect((await store.readAll({ after: head, maxCount: 2 })).map((e) => e.type)).toEqual(['A1', 'A2']);
        expect(await store.readAll({ after: b.checkpoint })).toEqual([]);
      });
    });

    describe('appendToStreams', () => {
      it('appends to several streams in one call', async () => {
        const [s1, s2] = [stream('multi'), stream('multi')];
        const results = await store.appendToStreams([
          { streamId: s1, events: [ev('UserRegistered')], expectedVersion: 'no_stream' },
          { streamId: s2, events: [ev('UsernameReserved'), ev('UsernameConfirmed')], expectedVersion: 'no_stream' },
        ]);
        expect(results.map((r) => [r.streamId, r.nextExpectedVersion])).toEqual([
          [s1, 0],
          [s2, 1],
        ]);
        expect(results[0].checkpoint < results[1].checkpoint).toBe(true);
        expect(await store.readStream(s1)).toEqual(results[0].events);
        expect(await store.readStream(s2)).toEqual(results[1].events);
      });

      it('on a conflict in a later stream writes nothing (atomic engines) or only the earlier streams', async () => {
          const [user, taken] = [stream('user'), stream('username')];
          await store.appendToStream(taken, [ev('UsernameReserved')], 'no_stream');
          await expectConflict(
            store.appendToStreams([
              { streamId: user, events: [ev('UserRegistered')], expectedVersion: 'no_stream' },
              { streamId: taken, events: [ev('UsernameReserved')], expectedVersion: 'no_stream' },
            ]),
            taken,
            'no_stream',
            0,
          );
          const userEvents = await store.readStream(user);
          expect(userEvents.length).toBe(store.atomicMultiStreamAppend ? 0 : 1);
          expect(await store.readStream(taken)).toHaveLength(1);
      });
    });

    describe('headCheckpoint', () => {
      it('is the checkpoint of the last append, with nothing after it', async () => {
        const { checkpoint } = await store.appendToStream(stream('head'), [ev('A'), ev('B')]);
        expect(await settledHead()).toBe(checkpoint);
        expect(await store.readAll({ after: checkpoint })).toEqual([]);
      });

      if (options.freshStoreIsEmpty) {
        it("is '' on an empty store", async () => {
          const empty = await factory();
          try {
            expect(await empty.store.headCheckpoint()).toBe('');
            expect(await empty.store.readAll()).toEqual([]);
            const { checkpoint } = await empty.store.appendToStream(stream('first'), [ev('A')]);
            await settle(empty.store, checkpoint);
            expect(await empty.store.headCheckpoint()).toBe(checkpoint);
          } finally {
            await empty.dispose();
          }
        });
      }
    });

    describe('subscribe', () => {
      it('from the start delivers the log in order, each event once', async () => {
        const { events } = await store.appendToStream(stream('sub-start'), [ev('A'), ev('B'), ev('C')]);
        const c = collect(store);
        await c.until((got) => got.some((e) => e.id === events[2].id));
        await c.sub.stop();
        expectLogOrder(c.events);
        expect(c.events.filter((e) => events.some((w) => w.id === e.id))).toEqual(events);
      });

      it('from a checkpoint resumes strictly after it', async () => {
        const { events } = await store.appendToStream(stream('sub-resume'), ['A', 'B', 'C', 'D'].map(ev));
        const c = collect(store, { after: events[1].checkpoint });
        await c.until((got) => got.some((e) => e.id === events[3].id));
        await c.sub.stop();
        expect(c.events).toEqual(events.slice(2));
      });

      it('delivers events appended after it went live, in batches of at most batchSize', async () => {
        const c = collect(store, { after: await settledHead(), batchSize: 2 });
        await sleep(50);
        const first = await store.appendToStream(stream('live'), [ev('A')]);
        await c.until((got) => got.length === 1);
        const more = await store.appendToStream(stream('live'), ['B', 'C', 'D', 'E', 'F'].map(ev));
        await c.until((got) => got.length === 6);
        await c.sub.stop();
        expect(c.events).toEqual([...first.events, ...more.events]);
        expect(Math.max(...c.batches.map((b) => b.length))).toBeLessThanOrEqual(2);
      });

      it('hands over the next batch only once the handler has finished the previous one', async () => {
        let busy = false;
        let overlapped = false;
        const seen: RecordedEvent[] = [];
        const sub = store.subscribe({
          after: await settledHead(),
          batchSize: 1,
          handler: async (batch) => {
            overlapped ||= busy;
            busy = true;
            await sleep(15);
            seen.push(...batch);
            busy = false;
          },
        });
        const s = stream('sequential');
        for (const type of ['A', 'B', 'C', 'D']) await store.appendToStream(s, [ev(type)]);
        await waitFor(() => seen.length === 4, 'four batches');
        await sub.stop();
        expect(overlapped).toBe(false);
        expect(seen.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      });

      it('stop() waits for the batch being handled, then nothing more is delivered', async () => {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let handling = false;
        let handled = 0;
        const sub = store.subscribe({
          after: await settledHead(),
          handler: async (batch) => {
            handling = true;
            await gate;
            handled += batch.length;
            handling = false;
          },
        });
        await store.appendToStream(stream('stop'), [ev('A')]);
        await waitFor(() => handling, 'the handler to start');

        let stopped = false;
        const stopping = sub.stop().then(() => (stopped = true));
        await sleep(100);
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect(handled).toBe(1);

        await store.appendToStream(stream('stop'), [ev('B')]);
        await sleep(400);
        expect(handled).toBe(1);
        await expect(sub.done).resolves.toBeUndefined();
      });

      it('ends and reports when the handler throws', async () => {
        const failure = new Error('projection failed');
        const errors: unknown[] = [];
        let calls = 0;
        const sub = store.subscribe({
          after: await settledHead(),
          handler: async () => {
            calls++;
            throw failure;
          },
          onError: (err) => errors.push(err),
        });
        await store.appendToStream(stream('fail'), [ev('A')]);
        await sub.done;
        await store.appendToStream(stream('fail'), [ev('B')]);
        await sleep(300);
        expect(errors).toEqual([failure]);
        expect(calls).toBe(1);
      });
    });

    describe('concurrency', () => {
      it("concurrent 'any' appends to one stream leave no version gaps or duplicates", async () => {
        const s = stream('race-any');
        const results = await Promise.all(
          Array.from({ length: 24 }, (_, i) => store.appendToStream(s, i % 3 ? [ev('A')] : [ev('A'), ev('B')], 'any')),
        );
        const read = await store.readStream(s);
        expect(read.map((e) => e.streamVersion)).toEqual(read.map((_, i) => i));
        expect(read).toHaveLength(32);
        expect(sortedIds(read)).toEqual(sortedIds(results.flatMap((r) => r.events)));
        for (const r of results) {
          for (const e of r.events) expect(read[e.streamVersion].id).toBe(e.id);
        }
      });

      it('concurrent writers with exact versions retry on conflict and lose nothing', async () => {
        const s = stream('race-exact');
        const writers = 6;
        const perWriter = 4;
        const writer = async (w: number) => {
          for (let n = 0; n < perWriter; n++) {
            for (;;) {
              const current = await store.readStream(s);
              const expected: ExpectedVersion = current.length ? current.length - 1 : 'no_stream';
              try {
                await store.appendToStream(s, [{ type: 'Counted', data: { w, n } }], expected);
                break;
              } catch (err) {
                if (!(err instanceof WrongExpectedVersionError)) throw err;
              }
            }
          }
        };
        await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
        const read = await store.readStream(s);
        expect(read.map((e) => e.streamVersion)).toEqual(Array.from({ length: writers * perWriter }, (_, i) => i));
        for (let w = 0; w < writers; w++) {
          const mine = read.map((e) => e.data as { w: number; n: number }).filter((d) => d.w === w);
          expect(mine.map((d) => d.n)).toEqual([0, 1, 2, 3]);
        }
      });

      it('concurrent appends to different streams are each delivered once, in stream order', async () => {
        const c = collect(store, { after: await settledHead() });
        const streams = Array.from({ length: 12 }, () => stream('fan'));
        const results = await Promise.all(
          streams.flatMap((s) => [0, 1, 2].map(() => store.appendToStream(s, [ev('A')]))),
        );
        const written = results.flatMap((r) => r.events);
        await c.until((got) => got.length >= written.length);
        await sleep(50);
        await c.sub.stop();
        expect(sortedIds(c.events)).toEqual(sortedIds(written));
        expectLogOrder(c.events);
      });
    });

    describe('the log written by this suite', () => {
      it('has strictly increasing checkpoints, unique ids and gap-free stream versions in order', async () => {
        await settledHead();
        const log = await store.readAll({ after: suiteStart });
        expect(log.length).toBeGreaterThan(100);
        expectLogOrder(log);
      });
    });
  });
}

/** The store, noting the checkpoint of every successful append. */
function tracking(inner: EventStore, note: (checkpoint: string) => void): EventStore {
  const noted = <T extends AppendResult>(results: T[]): T[] => {
    for (const r of results) note(r.checkpoint);
    return results;
  };
  return {
    engine: inner.engine,
    atomicMultiStreamAppend: inner.atomicMultiStreamAppend,
    readStream: (streamId, o) => inner.readStream(streamId, o),
    appendToStream: async (streamId, events, expected) => noted([await inner.appendToStream(streamId, events, expected)])[0],
    appendToStreams: async (appends) => noted(await inner.appendToStreams(appends)),
    readAll: (o) => inner.readAll(o),
    headCheckpoint: () => inner.headCheckpoint(),
    subscribe: (o) => inner.subscribe(o),
    close: () => inner.close(),
  };
}

/** Waits until the head has reached `checkpoint`: everything up to it is then readable. */
async function settle(store: EventStore, checkpoint: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await store.headCheckpoint()) < checkpoint) {
    if (Date.now() > deadline) throw new Error(`The head did not reach ${checkpoint}`);
    await sleep(10);
  }
}

function stream(kind: string): string {
  return `${kind}-${newId()}`;
}

function ev(type: string): NewEvent {
  return { type, data: { type } };
}

function sortedIds(events: RecordedEvent[]): string[] {
  return events.map((e) => e.id).sort();
}

async function expectConflict(
  append: Promise<unknown>,
  streamId: string,
  expected: ExpectedVersion,
  actual: number,
): Promise<void> {
  const err = await append.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WrongExpectedVersionError);
  expect(err).toMatchObject({ streamId, expected, actual });
}

/**
 * What a subscriber may rely on: checkpoints strictly increasing as text, each id once, and each
 * stream's versions one after another from 0 (every stream the suite reads was created by it).
 */
function expectLogOrder(events: RecordedEvent[]): void {
  const next = new Map<string, number>();
  const ids = new Set<string>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (i > 0 && !(events[i - 1].checkpoint < e.checkpoint)) {
      throw new Error(`Checkpoint ${e.checkpoint} does not follow ${events[i - 1].checkpoint}`);
    }
    if (ids.has(e.id)) throw new Error(`Event ${e.id} delivered twice`);
    ids.add(e.id);
    const expected = next.get(e.streamId) ?? e.streamVersion;
    if (e.streamVersion !== expected) {
      throw new Error(`Stream ${e.streamId}: version ${e.streamVersion} where ${expected} was due`);
    }
    next.set(e.streamId, expected + 1);
  }
}

function collect(store: EventStore, options: { after?: string; batchSize?: number } = {}) {
  const events: RecordedEvent[] = [];
  const batches: RecordedEvent[][] = [];
  const errors: unknown[] = [];
  const sub: Subscription = store.subscribe({
    ...options,
    handler: async (batch) => {
      batches.push(batch);
      events.push(...batch);
    },
    onError: (err) => errors.push(err),
  });
  const until = (cond: (got: RecordedEvent[]) => boolean) =>
    waitFor(() => {
      if (errors.length) throw errors[0];
      return cond(events);
    }, 'the subscription to deliver');
  return { events, batches, sub, until };
}

async function waitFor(cond: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
