import { randomBytes } from 'node:crypto';

import type { EventStore } from '@platform/event-store/event-store.port';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';
import { SqlEventStore } from '@platform/event-store/sql.event-store';
import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { SqlReadStore } from '@platform/read-store/sql.read-store';
import { PGliteSqlClient } from '@platform/sql/pglite.sql-client';
import { ident } from '@platform/sql/sql-client';
import { createTestPgClient } from '@platform/sql/testing/test-databases';
import { postgresReachable } from '@platform/testing/services';

import { ensureBookkeeping } from '../collections';

export interface TestStores {
  eventStore: EventStore;
  readStore: ReadStore;
  dispose(): Promise<void>;
}

export type StoresFactory = () => Promise<TestStores>;

// One embedded database per test file (opening one takes seconds); every test gets a schema of its
// own on it, dropped after the test. Jest loads this module once per test file.
let pglite: Promise<PGliteSqlClient> | null = null;
if (typeof afterAll === 'function') {
  afterAll(async () => {
    const open = pglite;
    pglite = null;
    await (await open)?.close();
  });
}

/** Stores on a fresh schema of the test file's one PGlite (the read store through the search_path). */
async function pgliteStores(): Promise<TestStores> {
  pglite ??= PGliteSqlClient.open();
  const sql = await pglite;
  const schema = ident(`p_${randomBytes(5).toString('hex')}`);
  await sql.query(`CREATE SCHEMA ${schema}`);
  await sql.query(`SET search_path TO ${schema}`);
  const eventStore = await SqlEventStore.create(sql, { pollIntervalMs: 20 });
  const readStore = new SqlReadStore(sql);
  return {
    eventStore,
    readStore,
    dispose: async () => {
      await eventStore.close();
      await readStore.close();
      await sql.query(`DROP SCHEMA ${schema} CASCADE`);
      await sql.query('SET search_path TO public');
    },
  };
}

/** The engine pairs projections run on: memory always, PGlite always, PostgreSQL when reachable. */
export function storeFactories(): [string, StoresFactory][] {
  const list: [string, StoresFactory][] = [
    [
      'memory',
      async () => {
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
      },
    ],
    ['pglite', pgliteStores],
  ];
  if (postgresReachable()) {
    list.push([
      'postgres',
      async () => {
        const sql = await createTestPgClient('t_proj');
        const eventStore = await SqlEventStore.create(sql, { pollIntervalMs: 20 });
        const readStore = new SqlReadStore(sql);
        return {
          eventStore,
          readStore,
          dispose: async () => {
            await eventStore.close();
            await readStore.close();
            await sql.dispose();
          },
        };
      },
    ]);
  }
  return list;
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
