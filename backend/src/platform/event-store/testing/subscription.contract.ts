import { WrongExpectedVersionError } from '../errors';
import type { EventStore, ExpectedVersion, RecordedEvent } from '../event-store.port';
import { collect, ev, expectLogOrder, sleep, sortedIds, stream, waitFor } from './contract-helpers';

/** The subscription half of the event store contract (describeEventStoreContract runs it on its store). */
export function describeSubscriptionContract(suite: { store(): EventStore; settledHead(): Promise<string> }): void {
  let store: EventStore;
  const settledHead = () => suite.settledHead();
  beforeAll(() => {
    store = suite.store();
  });

  describe('subscribe', () => {
    it('from the start delivers the log in order, each event once', async () => {
      const { events } = await store.appendToStream(stream('sub-start'), [ev('A'), ev('B'), ev('C')]);
      const c = collect(store);
      await c.until((got) => got.some((e) => e.id === events[2]!.id));
      await c.sub.stop();
      expectLogOrder(c.events);
      expect(c.events.filter((e) => events.some((w) => w.id === e.id))).toEqual(events);
    });

    it('from a checkpoint resumes strictly after it', async () => {
      const { events } = await store.appendToStream(stream('sub-resume'), ['A', 'B', 'C', 'D'].map(ev));
      const c = collect(store, { after: events[1]!.checkpoint });
      await c.until((got) => got.some((e) => e.id === events[3]!.id));
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
        for (const e of r.events) expect(read[e.streamVersion]!.id).toBe(e.id);
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
}
