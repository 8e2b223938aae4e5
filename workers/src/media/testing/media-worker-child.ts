/**
 * A media worker in its own process, for the killed-worker test: the real media.process host
 * (MediaProcessWorker) run by BullMQ through `@nestjs/bullmq`, as the workers role runs it, against
 * a shared PostgreSQL event store and a media directory. Locks are short (1 s) so a worker killed
 * mid-job is noticed within seconds instead of BullMQ's default 30 s.
 * Env: DATABASE_URL, DATABASE_SCHEMA, REDIS_URL, QUEUE_PREFIX, MEDIA_DIR.
 */
import 'reflect-metadata';

import { MEDIA_PROCESS_JOB } from '@modules/media';
import { LocalBlobStore } from '@modules/media/storage/local.blob-store';
import { Processor } from '@nestjs/bullmq';
import { NestFactory } from '@nestjs/core';
import { SqlEventStore } from '@platform/event-store/sql.event-store';
import { BullMqJobQueue, JobWorkersModule, QueuedJob } from '@platform/jobs';
import { createLogger } from '@platform/logging';
import { PgSqlClient } from '@platform/sql/pg.sql-client';

import { MediaProcessWorker } from '../media-process.worker';
import { Ffmpeg } from '../video/ffmpeg';

/** The real host, with the test's lock timings and its progress on stdout. */
@Processor(MEDIA_PROCESS_JOB, { concurrency: 1, lockDuration: 1000, stalledInterval: 500 })
class ObservedMediaWorker extends MediaProcessWorker {
  override async process(job: QueuedJob): Promise<void> {
    process.stdout.write(`started ${job.id}\n`);
    await super.process(job);
    process.stdout.write(`finished ${job.id}\n`);
  }
}

async function main() {
  const env = (name: string) => {
    const v = process.env[name];
    if (!v) throw new Error(`${name} is required`);
    return v;
  };
  const logger = createLogger('silent');
  const sql = new PgSqlClient({ connectionString: env('DATABASE_URL'), schema: env('DATABASE_SCHEMA') });
  const eventStore = await SqlEventStore.create(sql, { pollIntervalMs: 50 });
  const queue = new BullMqJobQueue(env('REDIS_URL'), env('QUEUE_PREFIX'), logger);
  const host = {
    provide: ObservedMediaWorker,
    useFactory: () =>
      new ObservedMediaWorker({
        eventStore,
        blobs: new LocalBlobStore(env('MEDIA_DIR')),
        ffmpeg: new Ffmpeg(),
        logger,
      }),
  };
  const workers = await NestFactory.createApplicationContext(JobWorkersModule.forQueue(queue, [host]), {
    logger: false,
  });
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void workers
      .close()
      .then(() => queue.close())
      .then(() => eventStore.close())
      .then(() => sql.close())
      .then(() => process.exit(0));
  });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
