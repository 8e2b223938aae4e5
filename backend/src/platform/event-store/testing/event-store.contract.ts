import { newId } from '../../ids';
import type { AppendResult, EventStore } from '../event-store.port';
import { ev, expectConflict, expectLogOrder, settle, stream, tracking } from './contract-helpers';
import { describeSubscriptionContract } from './subscription.contract';

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
            metadata: {
              actor: 'user-1',
              correlationId: 'corr-1',
              causationId: 'cause-1',
              requestId: 'req-1',
              ip: '10.0.0.1',
            },
          },
          { type: 'PostLiked', data: { by: 'user-2' } },
        ]);
        const after = new Date().toISOString();

        expect(result.streamId).toBe(streamId);
        expect(result.nextExpectedVersion).toBe(1);
        expect(result.events.map((e) => e.streamVersion)).toEqual([0, 1]);
        expect(result.checkpoint).toBe(result.events[1]!.checkpoint);
        expect(result.events[0]!.id).toBe(givenId);
        expect(result.events[1]!.id).toMatch(UUID);

        const read = await store.readStream(streamId);
        expect(read).toEqual(result.events);
        expect(read[0]).toMatchObject({
          id: givenId,
          type: 'PostCreated',
          streamId,
          streamVersion: 0,
          data: { text: 'Bismillah', tags: ['a', 'b'], count: 2, nested: { ok: true } },
          metadata: {
            actor: 'user-1',
            correlationId: 'corr-1',
            causationId: 'cause-1',
            requestId: 'req-1',
            ip: '10.0.0.1',
          },
        });
        // Unset fields get defaults; the call's events share the first event's correlation id.
        expect(read[1]!.metadata).toEqual({
          actor: null,
          occurredAt: read[1]!.metadata.occurredAt,
          correlationId: 'corr-1',
          causationId: null,
          requestId: null,
        });
        expect(read[1]!.metadata.occurredAt >= before && read[1]!.metadata.occurredAt <= after).toBe(true);
        expect(read[0]!.metadata.occurredAt).toBe(read[1]!.metadata.occurredAt);
      });

      it('starts a correlation chain at the first event when none is given', async () => {
        const { events } = await store.appendToStream(stream('chain'), [ev('A'), ev('B')]);
        expect(events[0]!.metadata.correlationId).toBe(events[0]!.id);
        expect(events[1]!.metadata.correlationId).toBe(events[0]!.id);
      });

      it('reads nothing from a stream that does not exist', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      // A NUL from a URL (POST /api/admin/vendors/%00/approve) once made PostgreSQL answer an error.
      it('reads nothing from a stream whose id has U+0000', async () => {
        expect(await store.readStream(`${stream('nul')}\u0000`)).toEqual([]);
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

      it('exact revision on a stream that does not exist: conflicts, writing nothing', async () => {
        const s = stream('exact-missing');
        await expectConflict(store.appendToStream(s, [ev('A')], 3), s, 3, -1);
        await expectConflict(store.appendToStream(s, [ev('A')], 0), s, 0, -1);
        expect(await store.readStream(s)).toEqual([]);
      });
    });

    describe('concurrent appends', () => {
      // Commands of many requests append at once; a store may let them share statements and
      // commits (the SQL store does when busy), but each must keep its own answer.
      it('each gets its own answer: a stale expected version fails alone, the others are written', async () => {
        const streams = Array.from({ length: 40 }, () => stream('concurrent'));
        await Promise.all(streams.map((s) => store.appendToStream(s, [ev('Created')], 'no_stream')));
        const answers = await Promise.allSettled(
          streams.map((s, i) => store.appendToStream(s, [ev('Changed'), ev('Changed')], i % 3 === 0 ? 7 : 0)),
        );
        for (const [i, s] of streams.entries()) {
          const answer = answers[i]!;
          if (i % 3 === 0) {
            await expectConflict(
              answer.status === 'rejected' ? Promise.reject(answer.reason) : Promise.resolve(answer.value),
              s,
              7,
              0,
            );
            expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Created']);
          } else {
            expect(answer.status).toBe('fulfilled');
            const result = (answer as PromiseFulfilledResult<AppendResult>).value;
            expect(result.streamId).toBe(s);
            expect(result.nextExpectedVersion).toBe(2);
            const read = await store.readStream(s);
            expect(read.map((e) => e.streamVersion)).toEqual([0, 1, 2]);
            expect(read.slice(1).map((e) => e.checkpoint)).toEqual(result.events.map((e) => e.checkpoint));
            expect(read.slice(1).map((e) => e.id)).toEqual(result.events.map((e) => e.id));
          }
        }
      });

      it('concurrent appends to one stream get distinct versions, in the order of their answers', async () => {
        const s = stream('one-stream');
        const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.appendToStream(s, [ev(`E${i}`)])));
        expect(results.map((r) => r.nextExpectedVersion).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 20 }, (_, i) => i),
        );
        const read = await store.readStream(s);
        for (const r of results) expect(read[r.nextExpectedVersion]?.id).toBe(r.events[0]!.id);
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
        expect((await store.readAll({ after: written[1]!.checkpoint })).map((e) => e.type)).toEqual(['A3', 'B1', 'B2']);
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
        expect(results[0]!.checkpoint < results[1]!.checkpoint).toBe(true);
        expect(await store.readStream(s1)).toEqual(results[0]!.events);
        expect(await store.readStream(s2)).toEqual(results[1]!.events);
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

    describeSubscriptionContract({ store: () => store, settledHead });

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
