import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { AppConfig } from './config';
import type { EventStore } from './event-store/event-store.port';
import type { JobQueue } from './jobs/job-queue.port';
import type { Logger } from './logging';
import type { ReadStore } from './read-store/read-store.port';
import type { SqlClient } from './sql/sql-client';

/** The storage engines chosen by configuration, opened once per process. */
export interface Platform {
  eventStore: EventStore;
  readStore: ReadStore;
  jobQueue: JobQueue;
  /**
   * Opens the database connections a first burst of traffic would otherwise open one by one
   * (PostgreSQL only; a no-op elsewhere). For serving processes, before they take traffic.
   */
  warm(): Promise<void>;
  /** Closes the stores and the queue (after whoever uses them has stopped). */
  close(): Promise<void>;
}

/** Connections opened by warm(): what 200 messages/s keep busy on the 2-core dev machine (pool max 20). */
const WARM_CONNECTIONS = 8;

/**
 * Engine choice (ARCHITECTURE.md): event store EVENTSTORE_URL > DATABASE_URL > embedded PGlite;
 * read store MONGODB_URL > DATABASE_URL > embedded PGlite; queue REDIS_URL > in-process.
 * Drivers load lazily so the embedded profile never touches the gRPC or MongoDB clients.
 */
export async function openPlatform(config: AppConfig, logger: Logger): Promise<Platform> {
  const closers: (() => Promise<void>)[] = [];
  let sql: SqlClient | null = null;
  const sqlClient = async (): Promise<SqlClient> => {
    if (sql) return sql;
    if (config.database) {
      const { PgSqlClient } = await import('./sql/pg.sql-client');
      sql = new PgSqlClient({
        connectionString: config.database.url,
        schema: config.database.schema,
        max: config.database.poolMax,
        preparedStatements: config.database.preparedStatements,
      });
    } else {
      const { PGliteSqlClient } = await import('./sql/pglite.sql-client');
      mkdirSync(config.dataDir, { recursive: true });
      sql = await PGliteSqlClient.open(join(config.dataDir, 'pglite'));
    }
    const opened = sql;
    closers.push(() => opened.close());
    return opened;
  };

  try {
    let eventStore: EventStore;
    if (config.eventStoreUrl) {
      const { KurrentDBClient } = await import('@kurrent/kurrentdb-client');
      const { KurrentEventStore } = await import('./event-store/kurrent.event-store');
      const client = KurrentDBClient.connectionString(config.eventStoreUrl);
      closers.push(() => client.dispose());
      eventStore = new KurrentEventStore(client);
    } else {
      const { SqlEventStore } = await import('./event-store/sql.event-store');
      const { pollMs } = config.projections;
      eventStore = await SqlEventStore.create(
        await sqlClient(),
        pollMs === undefined ? {} : { pollIntervalMs: pollMs },
      );
    }
    closers.push(() => eventStore.close());

    let readStore: ReadStore;
    if (config.mongodbUrl) {
      const { MongoReadStore } = await import('./read-store/mongo.read-store');
      readStore = await MongoReadStore.connect(config.mongodbUrl);
    } else {
      const { SqlReadStore } = await import('./read-store/sql.read-store');
      readStore = new SqlReadStore(await sqlClient());
    }
    closers.push(() => readStore.close());

    let jobQueue: JobQueue;
    if (config.redisUrl) {
      const { BullMqJobQueue } = await import('./jobs/bullmq.job-queue');
      jobQueue = new BullMqJobQueue(
        config.redisUrl,
        config.queuePrefix,
        logger.child({ component: 'jobs' }),
        config.jobs.lockMs,
      );
    } else {
      const { InProcessJobQueue } = await import('./jobs/in-process.job-queue');
      jobQueue = new InProcessJobQueue(logger.child({ component: 'jobs' }));
    }
    closers.push(() => jobQueue.close());

    // sqlClient() assigns `sql` inside a closure, which TypeScript's narrowing does not see.
    const opened = sql as SqlClient | null;
    return {
      eventStore,
      readStore,
      jobQueue,
      warm: async () => {
        await opened?.warm?.(WARM_CONNECTIONS);
      },
      close: () => closeAll(closers, logger),
    };
  } catch (err) {
    await closeAll(closers, logger);
    throw err;
  }
}

/** Closes in reverse order of opening: users of a client before the client. */
async function closeAll(closers: (() => Promise<void>)[], logger: Logger) {
  for (const close of closers.reverse()) {
    await close().catch((err) => logger.warn({ err }, 'error while closing a store'));
  }
}
