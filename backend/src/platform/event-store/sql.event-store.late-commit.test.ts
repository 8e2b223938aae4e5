import { eventually } from '@testing/eventually';

import type { PgSqlClient } from '../sql';
import { createTestPgClient } from '../sql/testing/test-databases';
import { postgresReachable } from '../testing/services';
import type { RecordedEvent, StreamAppend } from './event-store.port';
import type { LogRead } from './polling-subscription';
import { encodeSqlCheckpoint } from './sql.checkpoint';
import { SqlEventStore } from './sql.event-store';
import { storeOfAnotherProcess } from './testing/other-process';

describe('SQL checkpoints', () => {
  it('compare as text in (transaction id, position) order', () => {
    const pairs: [bigint, number][] = [
      [9n, 1],
      [9n, 12],
      [10n, 3],
      [10n, 11],
      [2n ** 40n, 2],
      [2n ** 63n, 1],
    ];
    const encoded = pairs.map(([tx, pos]) => encodeSqlCheckpoint(tx, pos));
    expect([...encoded].sort()).toEqual(encoded);
  });
});

/**
 * Many writers whose transactions stay open for a random while before COMMIT, so that commits land
 * out of position order, while subscribers read. A reader that trusts "position > last seen" loses
 * events here; the store's subscribers must deliver every event once, each stream in order.
 */
if (postgresReachable()) {
  describe('SQL event store on PostgreSQL: late commits', () => {
    const WRITERS = 16;
    const STREAMS = 8;
    const WRITE_MS = 4000;
    // Enough appends that commits overlap often; a slow machine writes for longer rather than fewer.
    const MIN_EVENTS = 1000;

    let writerSql: Awaited<ReturnType<typeof createTestPgClient>>;
    let other: Awaited<ReturnType<typeof storeOfAnotherProcess>>;
    let writerStore: SqlEventStore;
    let readerStore: SqlEventStore;

    beforeAll(async () => {
      writerSql = await createTestPgClient('eslate', WRITERS + 6);
      writerStore = await SqlEventStore.create(writerSql, {
        beforeCommit: () => sleep(Math.random() * 8),
      });
      other = await storeOfAnotherProcess(writerSql, { pollIntervalMs: 1000 });
      readerStore = other.store;
    });

    afterAll(async () => {
      await other?.close();
      await writerStore?.close();
      await writerSql?.dispose();
    });

    it('delivers every event exactly once, each stream in version order', async () => {
      const local = collect(writerStore);
      const remote = collect(readerStore);
      const naive = naiveReader(writerSql);

      const written: RecordedEvent[] = [];
      const deadline = Date.now() + WRITE_MS;
      const streamId = () => `late-${Math.floor(Math.random() * STREAMS)}`;
      const writer = async () => {
        while (Date.now() < deadline || written.length <= MIN_EVENTS) {
          // One append in five writes two streams at once (a reservation with its user).
          const appends: StreamAppend[] = [{ streamId: streamId(), events: events(1 + Math.floor(Math.random() * 3)) }];
          if (Math.random() < 0.2) {
            const other = streamId();
            if (other !== appends[0]!.streamId) appends.push({ streamId: other, events: events(1) });
          }
          const results = await writerStore.appendToStreams(appends);
          written.push(...results.flatMap((r) => r.events));
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      await naive.stop();

      await waitFor(() => {
        const failed = local.errors[0] ?? remote.errors[0];
        if (failed) throw failed;
        return local.events.length >= written.length && remote.events.length >= written.length;
      }, 8_000);
      await sleep(300);
      await local.sub.stop();
      await remote.sub.stop();

      expect(written.length).toBeGreaterThan(MIN_EVENTS);
      for (const got of [local.events, remote.events]) {
        expect(got.map((e) => e.id).sort()).toEqual(written.map((e) => e.id).sort());
        expectStreamsInOrder(got);
        expect(got.filter((e, i) => i > 0 && !(got[i - 1]!.checkpoint < e.checkpoint))).toEqual([]);
      }
      expect(remote.events).toEqual(local.events);
      // The hazard was real: commits did land out of position order, and a naive reader lost events.
      expect(naive.seen.size).toBeLessThan(written.length);
    }, 30_000);
  });
}

if (postgresReachable()) {
  describe('SQL event store on PostgreSQL: reads held back', () => {
    let sql: Awaited<ReturnType<typeof createTestPgClient>>;
    let store: SqlEventStore;

    beforeAll(async () => {
      sql = await createTestPgClient('esheld', 4);
      store = await SqlEventStore.create(sql);
    });

    afterAll(async () => {
      await store?.close();
      await sql?.dispose();
    });

    it('says when a commit after the rows read is kept back by an older open transaction', async () => {
      // The subscriptions' read (private: the port's readAll answers events only).
      const read = (after: string) =>
        (store as unknown as { readAfter(after: string, n: number): Promise<LogRead> }).readAfter(after, 100);
      const [first] = (await store.appendToStream('held-1', events(1))).events;
      // The horizon is the whole cluster's: another suite's transaction open at this moment holds
      // the read back until it ends (once visible, an event stays visible: later ids are higher).
      // While every row is kept back the read is empty and carries no flag, so wait for the rows too.
      const notHeldBack = (count: number) =>
        eventually(
          () => read(''),
          (r) => !r.heldBack && r.events.length >= count,
          'no older transaction open',
        );
      expect(await notHeldBack(1)).toEqual({ events: [first], heldBack: false });
      let release!: () => void;
      const open = sql.transaction(async (tx) => {
        // An open transaction with an id: commits after it are not readable until it ends.
        await tx.query('SELECT pg_current_xact_id()');
        await new Promise<void>((resolve) => (release = resolve));
      });
      await sleep(50);
      const [second] = (await store.appendToStream('held-2', events(1))).events;
      expect(await read('')).toEqual({ events: [first], heldBack: true });
      release();
      await open;
      expect(await notHeldBack(2)).toEqual({ events: [first, second], heldBack: false });
    });
  });
}

function events(n: number) {
  return Array.from({ length: n }, (_, i) => ({ type: 'LateCommitted', data: { i } }));
}

function collect(store: SqlEventStore) {
  const events: RecordedEvent[] = [];
  const errors: unknown[] = [];
  const sub = store.subscribe({
    batchSize: 200,
    handler: async (batch) => {
      events.push(...batch);
    },
    onError: (err) => errors.push(err),
  });
  return { events, errors, sub };
}

/** The reader that ships the bug: remembers the highest position seen and asks for more. */
function naiveReader(sql: PgSqlClient) {
  const seen = new Set<string>();
  let last = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await sql.query<{ position: number; event_id: string }>(
        'SELECT position, event_id::text AS event_id FROM es_events WHERE position > $1 ORDER BY position',
        [last],
      );
      for (const r of rows) seen.add(r.event_id);
      if (rows.length) last = rows[rows.length - 1]!.position;
      await sleep(2);
    }
  })();
  return {
    seen,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

function expectStreamsInOrder(events: RecordedEvent[]): void {
  const next = new Map<string, number>();
  const outOfOrder = events.filter((e) => {
    const due = next.get(e.streamId) ?? 0;
    next.set(e.streamId, e.streamVersion + 1);
    return e.streamVersion !== due;
  });
  expect(outOfOrder.map((e) => `${e.streamId}@${e.streamVersion}`)).toEqual([]);
}

async function waitFor(cond: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the subscribers');
    await sleep(20);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
