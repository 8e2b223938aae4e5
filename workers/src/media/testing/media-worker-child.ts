/**
 * A media worker in its own process, for the killed-worker test: the real media.process processor
 * on BullMQ, against a shared PostgreSQL event store and a media directory. Locks are short (1 s)
 * so a worker killed mid-job is noticed within seconds instead of BullMQ's default 30 s.
 * Env: DATABASE_URL, DATABASE_SCHEMA, REDIS_URL, QUEUE_PREFIX, MEDIA_DIR.
 */
import { Worker } from 'bullmq';
import IORedis from 'ioredis';
import { SqlEventStore } from '../../../../backend/src/platform/event-store/sql.event-store';
import { PgSqlClient } from '../../../../backend/src/platform/sql/pg.sql-client';
import { createLogger } from '../../../../backend/src/platform/logging';
import { LocalBlobStore } from '../../../../backend/modules/media/storage/local.blob-store';
import { mediaProcessProcessor } from '../media-process.processor';
import { Ffmpeg } from '../video/ffmpeg';

async function main() {
  const env = (name: string) => {
    const v = process.env[name];
    if (!v) throw new Error(`${name} is required`);
    return v;
  };
  const sql = new PgSqlClient({ connectionString: env('DATABASE_URL'), schema: env('DATABASE_SCHEMA') });
  const eventStore = await SqlEventStore.create(sql, { pollIntervalMs: 50 });
  const process_ = mediaProcessProcessor({ eventStore, blobs: new LocalBlobStore(env('MEDIA_DIR')), ffmpeg: new Ffmpeg(), logger: createLogger('silent') });
  const connection = new IORedis(env('REDIS_URL'), { maxRetriesPerRequest: null });
  const worker = new Worker(
    'jobs',
    async (job) => {
      process.stdout.write(`started ${job.id}\n`);
      await process_(job.data, { id: job.id!, name: job.name, attempt: job.attemptsMade + 1 });
      process.stdout.write(`finished ${job.id}\n`);
    },
    { connection, prefix: env('QUEUE_PREFIX'), concurrency: 1, lockDuration: 1000, stalledInterval: 500 },
  );
  await worker.waitUntilReady();
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void worker.close().then(() => connection.quit()).then(() => eventStore.close()).then(() => sql.close()).then(() => process.exit(0));
  });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
