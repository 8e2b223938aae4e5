import { PgSqlClient } from '../../sql';
import { TEST_DATABASE_URL } from '../../sql/testing/test-databases';
import { SqlEventStore, type SqlEventStoreOptions } from '../sql.event-store';

/**
 * A second store on the schema of `sql`, with connections of its own: stands in for another
 * process, which only NOTIFY and polling can wake.
 */
export async function storeOfAnotherProcess(sql: PgSqlClient, options: SqlEventStoreOptions, max = 4) {
  const { rows } = await sql.query<{ schema: string }>('SELECT current_schema() AS schema');
  const otherSql = new PgSqlClient({ connectionString: TEST_DATABASE_URL, schema: rows[0]!.schema, max });
  const store = await SqlEventStore.create(otherSql, options);
  return {
    store,
    close: async () => {
      await store.close();
      await otherSql.close();
    },
  };
}
