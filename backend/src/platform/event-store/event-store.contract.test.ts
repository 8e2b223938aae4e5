import { randomBytes } from 'node:crypto';

import { KurrentDBClient } from '@kurrent/kurrentdb-client';

import { ident, PGliteSqlClient } from '../sql';
import { createTestPgClient } from '../sql/testing/test-databases';
import { postgresReachable } from '../testing/services';
import { KurrentEventStore } from './kurrent.event-store';
import { MemoryEventStore } from './memory.event-store';
import { SqlEventStore } from './sql.event-store';
import { describeEventStoreContract } from './testing/event-store.contract';

describeEventStoreContract(
  'memory',
  async () => {
    const store = new MemoryEventStore();
    return { store, dispose: () => store.close() };
  },
  { freshStoreIsEmpty: true },
);

// One embedded database for the file (opening one takes seconds); each store gets a schema of its own.
let pglite: Promise<PGliteSqlClient> | undefined;
afterAll(async () => {
  await (await pglite)?.close();
});

describeEventStoreContract(
  'pglite',
  async () => {
    pglite ??= PGliteSqlClient.open();
    const sql = await pglite;
    const schema = `es_${randomBytes(4).toString('hex')}`;
    const store = await SqlEventStore.create(sql, { schema });
    return {
      store,
      dispose: async () => {
        await store.close();
        await sql.query(`DROP SCHEMA ${ident(schema)} CASCADE`);
      },
    };
  },
  { freshStoreIsEmpty: true },
);

if (postgresReachable()) {
  describeEventStoreContract(
    'postgres',
    async () => {
      const sql = await createTestPgClient('es');
      const store = await SqlEventStore.create(sql);
      return {
        store,
        dispose: async () => {
          await store.close();
          await sql.dispose();
        },
      };
    },
    { freshStoreIsEmpty: true },
  );
}

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  describeEventStoreContract(
    'kurrentdb',
    async () => {
      const client = KurrentDBClient.connectionString(eventStoreUrl);
      const store = new KurrentEventStore(client);
      return {
        store,
        dispose: async () => {
          await store.close();
          await client.dispose();
        },
      };
    },
    // A shared server: its log holds other runs' events.
    { freshStoreIsEmpty: false },
  );
}
