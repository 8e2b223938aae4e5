import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { SqlEventStore } from '@platform/event-store/sql.event-store';
import { silentLogger } from '@platform/logging';
import { SqlReadStore } from '@platform/read-store/sql.read-store';
import { createTestPgClient } from '@platform/sql/testing/test-databases';
import { postgresReachable } from '@platform/testing/services';

import { ProjectionRunner } from './projection-runner';
import { readCheckpoint } from './projection-state';
import { physicalName } from './projector';
import { RunnerProgress } from './runner-progress';
import { counted, type TallyDoc, tallyProjector } from './testing/tally.projector';

const ROOT = join(__dirname, '../../..');
const STREAMS = 20;
const PER_STREAM = 60;

if (postgresReachable()) {
  describe('ProjectionRunner killed with SIGKILL in the middle of a batch (PostgreSQL)', () => {
    it('leaves the read model exactly at its checkpoint, and finishes without loss or doubles', async () => {
      const sql = await createTestPgClient('t_crash');
      const schema = (await sql.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
      const eventStore = await SqlEventStore.create(sql, { pollIntervalMs: 20 });
      const readStore = new SqlReadStore(sql);
      try {
        for (let round = 0; round < PER_STREAM / 20; round++) {
          for (let s = 0; s < STREAMS; s++) await eventStore.appendToStream(`counter-${s}`, counted(20), 'any');
        }
        // The log shows a commit only once every older transaction in the database has ended (so
        // subscribers never skip a late commit); other suites' transactions can hold it back a moment.
        let all = await eventStore.readAll({ maxCount: 100_000 });
        while (all.length < STREAMS * PER_STREAM) {
          await new Promise((r) => setTimeout(r, 20));
          all = await eventStore.readAll({ maxCount: 100_000 });
        }
        const positionOf = new Map(all.map((e, i) => [e.checkpoint, i + 1]));

        for (let kill = 0; kill < 3; kill++) {
          const child = spawn(
            process.execPath,
            ['scripts/run-ts.mjs', 'backend/projections/runner/testing/runner-child.ts'],
            {
              cwd: ROOT,
              env: { ...process.env, CHILD_SCHEMA: schema },
              stdio: ['ignore', 'pipe', 'inherit'],
            },
          );
          // Kill once it has been handling events for a moment: mid-batch, almost surely.
          await new Promise<void>((resolve) => {
            let dots = 0;
            child.stdout!.on('data', (chunk: Buffer) => {
              dots += chunk.toString().length;
              if (dots >= 3 + kill * 5) resolve();
            });
          });
          await new Promise((r) => setTimeout(r, 7 + kill * 5));
          child.kill('SIGKILL');
          await new Promise((r) => child.once('exit', r));

          // Whatever was committed is exactly the prefix of the log up to the stored checkpoint.
          const checkpoint = await readCheckpoint(readStore, 'tally', 1);
          const committed = checkpoint ? positionOf.get(checkpoint)! : 0;
          const docs = await readStore.collection<TallyDoc>(physicalName('tallies', 1)).find({ limit: 1000 });
          const total = docs.items.reduce((n, d) => n + d.count, 0);
          expect(total).toBe(committed);
          expect(docs.items.flatMap((d) => d.anomalies ?? [])).toEqual([]);
        }

        // Leases of the killed owners expire; a new runner finishes the job.
        const runner = new ProjectionRunner({
          eventStore,
          readStore,
          projectors: [tallyProjector()],
          logger: silentLogger,
          batchSize: 40,
          leaseTtlMs: 1000,
        });
        await runner.start();
        expect(
          await new RunnerProgress(readStore, runner).waitFor(all[all.length - 1]!.checkpoint, ['tally'], 20_000),
        ).toBe(true);
        await runner.stop();
        const docs = await readStore.collection<TallyDoc>(physicalName('tallies', 1)).find({ limit: 1000 });
        expect(docs.items).toHaveLength(STREAMS);
        for (const d of docs.items) {
          expect(d.count).toBe(PER_STREAM);
          expect(d.anomalies ?? []).toEqual([]);
        }
      } finally {
        await eventStore.close();
        await sql.dispose();
      }
    }, 60_000);
  });
}
