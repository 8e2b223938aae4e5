import { randomBytes } from 'node:crypto';

import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import { SqlReadStore } from '@platform/read-store/sql.read-store';
import { PgSqlClient } from '@platform/sql/pg.sql-client';
import { postgresReachable, TEST_DATABASE_URL } from '@platform/testing/services';

import { loadServerSecret, SECRETS_COLLECTION } from './load-server-secret';

describe('loadServerSecret', () => {
  it('uses SESSION_SECRET when set, storing nothing', async () => {
    const store = new MemoryReadStore();
    const secret = await loadServerSecret({ sessionSecret: 's'.repeat(40) }, store);
    expect(secret.fingerprint()).toBe(
      (await loadServerSecret({ sessionSecret: 's'.repeat(40) }, new MemoryReadStore())).fingerprint(),
    );
    await store.ensureCollection({ name: SECRETS_COLLECTION });
    expect(await store.collection(SECRETS_COLLECTION).count()).toBe(0);
  });

  it('creates one secret in the read store and keeps it', async () => {
    const store = new MemoryReadStore();
    const first = await loadServerSecret({ sessionSecret: null }, store);
    const again = await loadServerSecret({ sessionSecret: null }, store);
    expect(again.fingerprint()).toBe(first.fingerprint());
    expect(await store.collection(SECRETS_COLLECTION).count()).toBe(1);
    expect(first.fingerprint()).not.toBe(
      (await loadServerSecret({ sessionSecret: null }, new MemoryReadStore())).fingerprint(),
    );
  });

  it('waits for a creator holding the lease instead of making a second secret', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: SECRETS_COLLECTION });
    expect(await store.acquireLease('dc_secrets:server', 'someone-else', 10_000)).toBe(true);
    const waiting = loadServerSecret({ sessionSecret: null }, store);
    await new Promise((r) => setTimeout(r, 150));
    await store
      .collection(SECRETS_COLLECTION)
      .upsert({ id: 'server', value: 'v'.repeat(64), createdAt: new Date().toISOString() });
    await store.releaseLease('dc_secrets:server', 'someone-else');
    const loaded = await waiting;
    expect(loaded.fingerprint()).toBe((await loadServerSecret({ sessionSecret: 'v'.repeat(64) }, store)).fingerprint());
  });

  it('gives up when the lease never frees and no secret appears', async () => {
    const store = new MemoryReadStore();
    await store.acquireLease('dc_secrets:server', 'stuck', 60_000);
    await expect(loadServerSecret({ sessionSecret: null }, store, { timeoutMs: 200 })).rejects.toThrow(/Timed out/);
  });

  if (postgresReachable()) {
    it('agrees across processes starting together on PostgreSQL', async () => {
      const schema = `t_secret_${randomBytes(4).toString('hex')}`;
      // The schema first: PgSqlClients creating the same schema at once collide in PostgreSQL's catalogue.
      const admin = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
      await admin.query(`CREATE SCHEMA ${schema}`);
      const clients = Array.from({ length: 4 }, () => new PgSqlClient({ connectionString: TEST_DATABASE_URL, schema }));
      try {
        const secrets = await Promise.all(
          clients.map((c) => loadServerSecret({ sessionSecret: null }, new SqlReadStore(c))),
        );
        expect(new Set(secrets.map((s) => s.fingerprint())).size).toBe(1);
        expect(await new SqlReadStore(clients[0]!).collection(SECRETS_COLLECTION).count()).toBe(1);
      } finally {
        await Promise.all(clients.map((c) => c.close()));
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.close();
      }
    });
  }
});
