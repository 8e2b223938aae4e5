import type { EventStore } from '../../../src/platform/event-store/event-store.port';
import type { ReadStore } from '../../../src/platform/read-store/read-store.port';
import { MemoryEventStore } from '../../../src/platform/event-store/memory.event-store';
import { SqlEventStore } from '../../../src/platform/event-store/sql.event-store';
import { MemoryReadStore } from '../../../src/platform/read-store/memory.read-store';
import { SqlReadStore } from '../../../src/platform/read-store/sql.read-store';
import { PGliteSqlClient } from '../../../src/platform/sql/pglite.sql-client';
import { createTestPgClient } from '../../../src/platform/sql/testing/test-databases';
import { postgresReachable } from '../../../src/platform/testing/services';
import { ensureBookkeeping } from '../collections';

export interface TestStores {
  eventStore: EventStore;
  readStore: ReadStore;
  dispose(): Promise<void>;
}

export type StoresFactory = () => Promise<TestStores>;

/** The engine pairs projections run on: memory always, PGlite always, PostgreSQL when reachable. */
export function storeFactories(): [string, StoresFactory][] {
  const list: [string, StoresFactory][] = [
    ['memory', async () => {
      const eventStore = new MemoryEventStore();
      const readStore = new MemoryReadStore();
      return { eventStore, readStore, dispose: async () => { await eventStore.close(); await readStore.close(); } };
    }],
    ['pglite', async () => {
      const sql = await PGliteSqlClient.open();
      const eventStore = await SqlEventStore.create(sql, { pollIntervalMs: 20 });
      const readStore = new SqlReadStore(sql);
      return { eventStore, readStore, dispose: async () => { await eventStore.close(); await readStore.close(); await sql.close(); } };
    }],
  ];
  if (postgresReachable()) {
    list.push(['postgres', async () => {
      const sql = await createTestPgClient('t_proj');
      const eventStore = await SqlEventStore.create(sql, { pollIntervalMs: 20 });
      const readStore = new SqlReadStore(sql);
      return { eventStore, readStore, dispose: async () => { await eventStore.close(); await readStore.close(); await sql.dispose(); } };
    }]);
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
