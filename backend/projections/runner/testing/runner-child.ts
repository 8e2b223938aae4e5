/**
 * Child process for the crash test: runs the tally projector against the PostgreSQL schema in
 * CHILD_SCHEMA with slow handlers, so that a SIGKILL lands in the middle of a batch.
 */
import { SqlEventStore } from '../../../src/platform/event-store/sql.event-store';
import { silentLogger } from '../../../src/platform/logging';
import { SqlReadStore } from '../../../src/platform/read-store/sql.read-store';
import { PgSqlClient } from '../../../src/platform/sql/pg.sql-client';
import { TEST_DATABASE_URL } from '../../../src/platform/testing/services';
import { ProjectionRunner } from '../projection-runner';
import { tallyProjector } from './tally.projector';

async function main() {
  const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL, schema: process.env.CHILD_SCHEMA!, max: 4 });
  const eventStore = await SqlEventStore.create(sql, { pollIntervalMs: 20 });
  const readStore = new SqlReadStore(sql);
  let handled = 0;
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    logger: silentLogger,
    batchSize: 40,
    leaseTtlMs: 1000,
    projectors: [
      tallyProjector({
        onEvent: async () => {
          // Tell the parent we are inside a batch, then dawdle so the kill finds us there.
          if (++handled % 10 === 0) process.stdout.write('.');
          await new Promise((r) => setTimeout(r, 1));
        },
      }),
    ],
  });
  await runner.start();
}

void main();
