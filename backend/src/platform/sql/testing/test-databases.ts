import { randomBytes } from 'node:crypto';

import { TEST_DATABASE_URL } from '../../testing/services';
import { PgSqlClient } from '../pg.sql-client';

export { TEST_DATABASE_URL };

/** A client on a fresh schema of its own; call dispose() to drop it. */
export async function createTestPgClient(prefix = 't', max = 20): Promise<PgSqlClient & { dispose(): Promise<void> }> {
  const schema = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const client = new PgSqlClient({ connectionString: TEST_DATABASE_URL, schema, max }) as PgSqlClient & {
    dispose(): Promise<void>;
  };
  client.dispose = async () => {
    await client.dropSchema().catch(() => undefined);
    await client.close();
  };
  return client;
}
