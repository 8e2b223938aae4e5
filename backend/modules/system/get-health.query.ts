import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { EventStore } from '../../src/platform/event-store/event-store.port';
import type { JobQueue } from '../../src/platform/jobs/job-queue.port';
import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import { EVENT_STORE, JOB_QUEUE, READ_STORE } from '../../src/platform/tokens';
import { STATE_COLLECTION } from '../../projections/runner/projection-state';
import { APP_VERSION } from './version';

export interface Health {
  status: 'ok' | 'degraded';
  eventStore: string;
  readStore: string;
  queue: string;
  version: string;
  /** Present when degraded: which store failed to answer. */
  problems?: string[];
}

export class GetHealthQuery extends Query<Health> {}

/** Answers with the engines in use after asking each store a trivial question. */
@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery, Health> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobQueue: JobQueue,
  ) {}

  async execute(): Promise<Health> {
    const problems: string[] = [];
    await Promise.all([
      this.eventStore.headCheckpoint().catch(() => problems.push('eventStore')),
      this.readStore.collection(STATE_COLLECTION).count().catch(() => problems.push('readStore')),
    ]);
    return {
      status: problems.length ? 'degraded' : 'ok',
      eventStore: this.eventStore.engine,
      readStore: this.readStore.engine,
      queue: this.jobQueue.engine,
      version: APP_VERSION,
      ...(problems.length ? { problems } : {}),
    };
  }
}
