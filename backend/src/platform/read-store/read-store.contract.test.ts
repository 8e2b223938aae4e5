import { randomBytes } from 'node:crypto';

import { MongoClient } from 'mongodb';

import { PGliteSqlClient } from '../sql/pglite.sql-client';
import { createTestPgClient } from '../sql/testing/test-databases';
import { postgresReachable } from '../testing/services';
import { MemoryReadStore } from './memory.read-store';
import { MongoReadStore } from './mongo.read-store';
import { SqlReadStore } from './sql.read-store';
import { describeReadStoreContract } from './testing/read-store.contract';

describeReadStoreContract('memory', async () => {
  const store = new MemoryReadStore();
  return { store, dispose: () => store.close() };
});

describeReadStoreContract('pglite', async () => {
  const sql = await PGliteSqlClient.open();
  return { store: new SqlReadStore(sql, { closeClient: true }), dispose: () => sql.close() };
});

if (postgresReachable()) {
  describeReadStoreContract('postgres', async () => {
    const sql = await createTestPgClient('rs');
    return { store: new SqlReadStore(sql), dispose: () => sql.dispose() };
  });
}

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  describeReadStoreContract('mongodb', async () => {
    const client = await new MongoClient(mongoUrl).connect();
    const db = client.db(`rs_test_${randomBytes(6).toString('hex')}`);
    return {
      store: new MongoReadStore(client, db),
      dispose: async () => {
        await db.dropDatabase();
        await client.close();
      },
    };
  });
}
