import { randomBytes } from 'node:crypto';

import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';
import { SqlEventStore } from '@platform/event-store/sql.event-store';
import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { SqlReadStore } from '@platform/read-store/sql.read-store';
import { PGliteSqlClient } from '@platform/sql/pglite.sql-client';
import { ident, type SqlClient } from '@platform/sql/sql-client';
import { createTestPgClient } from '@platform/sql/testing/test-databases';
import { postgresReachable } from '@platform/testing/services';

import { ensureBookkeeping } from '../collections';

export interface TestStores {
  eventStore: EventStore;
  readStore: ReadStore;
  dispose(): Promise<void>;
}

export type StoresFactory = () => Promise<TestStores>;

/**
 * One schema per engine per test file, emptied between specs instead of made anew: creating the
 * event store's tables and functions was most of a projector test's time (0.3 s on PostgreSQL,
 * 0.6 s on PGlite per spec). Emptied means as fresh as a new schema for what a spec can see: every
 * read-store table dropped, the log's tables truncated and its positions restarted.
 */
const EMPTY_SCHEMA = `DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT tablename FROM pg_tables
           WHERE schemaname = current_schema() AND tablename NOT IN ('es_events', 'es_streams') LOOP
    EXECUTE format('DROP TABLE %I CASCADE', r.tablename);
  END LOOP;
  IF to_regclass('es_events') IS NOT NULL THEN TRUNCATE es_events, es_streams RESTART IDENTITY; END IF;
END $$`;

type SharedSql = { sql: SqlClient; close(): Promise<void> };
const shared = new Map<string, Promise<SharedSql>>();
if (typeof afterAll === 'function') {
  afterAll(async () => {
    const open = [...shared.values()];
    shared.clear();
    for (const each of open) await (await each).close();
  });
}

/** The file's schema on `engine` (opened on first use), emptied, with a store pair over it. */
async function sharedStores(engine: string, open: () => Promise<SharedSql>): Promise<TestStores> {
  if (!shared.has(engine)) shared.set(engine, open());
  const { sql } = await shared.get(engine)!;
  await sql.query(EMPTY_SCHEMA);
  const store = await SqlEventStore.create(sql, { pollIntervalMs: 20 });
  const readStore = new SqlReadStore(sql);
  return {
    eventStore: readingItsAppends(store),
    readStore,
    dispose: async () => {
      await store.close();
      await readStore.close();
    },
  };
}

const pgliteStores = () =>
  sharedStores('pglite', async () => {
    const sql = await PGliteSqlClient.open();
    const schema = ident(`p_${randomBytes(5).toString('hex')}`);
    await sql.query(`CREATE SCHEMA ${schema}`);
    await sql.query(`SET search_path TO ${schema}`);
    return { sql, close: () => sql.close() };
  });

const postgresStores = () =>
  sharedStores('postgres', async () => {
    const sql = await createTestPgClient('t_proj', 4);
    return { sql, close: () => sql.dispose() };
  });

/**
 * The engine pairs projections run on: memory always, and the SQL read store on PostgreSQL when it
 * answers, else on PGlite. Not both: the SQL is the same, and what differs between the two engines
 * is held by the ports' own contract suites (event store, read store, read-model changes), which run
 * on both; a projector spec on PGlite too cost ~1.6 s of CPU per file and caught nothing more.
 */
export function storeFactories(): [string, StoresFactory][] {
  const memory: StoresFactory = async () => {
    const eventStore = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    return {
      eventStore,
      readStore,
      dispose: async () => {
        await eventStore.close();
        await readStore.close();
      },
    };
  };
  return [['memory', memory], postgresReachable() ? ['postgres', postgresStores] : ['pglite', pgliteStores]];
}

/**
 * Fresh stores for every test of the describe block it is called in (the runner's bookkeeping
 * ready), handed to `use`, and disposed of after the test.
 */
export function useFreshStores(makeStores: StoresFactory, use: (stores: Omit<TestStores, 'dispose'>) => void): void {
  let dispose = async () => undefined as void;
  beforeEach(async () => {
    const stores = await makeStores();
    dispose = stores.dispose;
    await ensureBookkeeping(stores.readStore);
    use(stores);
  });
  afterEach(() => dispose());
}

/**
 * The whole log once it holds `last` (an append's checkpoint): the SQL store shows a commit a moment
 * late while older transactions anywhere in the database are still open (other test files on
 * PostgreSQL).
 */
export async function settledLog(store: EventStore, last: string | null): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = await store.readAll();
    if (!last || (log.length > 0 && log[log.length - 1]!.checkpoint >= last)) return log;
    if (Date.now() > deadline) throw new Error(`the log never showed checkpoint ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The store, except that reading the whole log waits until it shows this test's own appends (see
 * settledLog): a projector test appends, then reads the log to project it.
 */
function readingItsAppends(store: EventStore): EventStore {
  let last: string | null = null;
  const note = (checkpoint: string) => {
    if (!last || checkpoint > last) last = checkpoint;
  };
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'appendToStream')
        return async (...args: Parameters<EventStore['appendToStream']>) => {
          const result = await target.appendToStream(...args);
          note(result.checkpoint);
          return result;
        };
      if (prop === 'appendToStreams')
        return async (...args: Parameters<EventStore['appendToStreams']>) => {
          const results = await target.appendToStreams(...args);
          results.forEach((r) => note(r.checkpoint));
          return results;
        };
      if (prop === 'readAll')
        return (options?: Parameters<EventStore['readAll']>[0]) =>
          options ? target.readAll(options) : settledLog(target, last);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
