import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { JobQueue } from '@platform/jobs/job-queue.port';
import { PROJECTION_STATE_COLLECTION } from '@platform/read-models';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { EVENT_STORE, JOB_QUEUE, READ_STORE } from '@platform/tokens';

import { APP_VERSION } from '../version';

export interface Health {
  status: 'ok' | 'degraded';
  eventStore: string;
  readStore: string;
  queue: string;
  version: string;
  /** Present when degraded: which store failed to answer. */
  problems?: string[];
}

/** Answers with the engines in use after asking each store a trivial question. */
@Injectable()
export class HealthQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobQueue: JobQueue,
  ) {}

  async health(): Promise<Health> {
    const problems: string[] = [];
    await Promise.all([
      this.eventStore.headCheckpoint().catch(() => problems.push('eventStore')),
      this.readStore
        .collection(PROJECTION_STATE_COLLECTION)
        .count()
        .catch(() => problems.push('readStore')),
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
