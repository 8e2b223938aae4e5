import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { JobQueue } from '@platform/jobs/job-queue.port';
import type { Logger } from '@platform/logging';
import type { ProjectionProgress, ReadModels } from '@platform/read-models';
import { findAll } from '@platform/read-store';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { LogReactor } from '@platform/reactors/log-reactor';
import { EVENT_STORE, JOB_QUEUE, LOGGER, PROJECTION_PROGRESS, READ_MODELS, READ_STORE } from '@platform/tokens';
import { type NotifySubscriberDoc, SUPPORT_NOTIFY, SUPPORT_PROJECTOR } from '@projections/support';

import {
  DONATIONS_OPEN_JOB_OPTIONS,
  DONATIONS_OPEN_MAIL_JOB,
  DONATIONS_OPEN_PAGE,
  type DonationsOpenMailJob,
} from './donations-open-mail';

export const SUPPORT_FOLLOWUPS = 'support-followups';

/**
 * What follows an admin opening donations, driven by the log so a crash between the switch and the
 * mails loses nothing: once the notify-me list has been projected up to the opening, its subscribers
 * are handed to the mail job a page at a time. Job ids name the opening and the page, so a replayed
 * DonationsOpened queues nothing new while those jobs exist, and the job itself skips whoever was
 * already mailed about this opening.
 */
@Injectable()
export class SupportFollowupsReactor implements OnApplicationBootstrap, OnModuleDestroy {
  readonly reactor: LogReactor;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(LOGGER) logger: Logger,
  ) {
    const log = logger.child({ component: SUPPORT_FOLLOWUPS });
    this.reactor = new LogReactor({
      name: SUPPORT_FOLLOWUPS,
      handles: ['DonationsOpened'],
      handle: (event) => this.opened(event),
      eventStore,
      readStore,
      logger: log,
    });
  }

  private async opened(event: RecordedEvent): Promise<void> {
    // Everyone who asked before the opening must be on the list we read.
    if (!(await this.progress.waitFor(event.checkpoint, [SUPPORT_PROJECTOR], 30_000)))
      throw new Error('the notify-me list is not projected up to the opening yet'); // the reactor retries
    const subscribers = await findAll(this.readModels.collection<NotifySubscriberDoc>(SUPPORT_NOTIFY));
    const keys = subscribers.map((s) => s.id);
    for (let i = 0; i * DONATIONS_OPEN_PAGE < keys.length; i++) {
      const page = keys.slice(i * DONATIONS_OPEN_PAGE, (i + 1) * DONATIONS_OPEN_PAGE);
      await this.jobs.enqueue<DonationsOpenMailJob>(
        DONATIONS_OPEN_MAIL_JOB,
        { openingId: event.id, keys: page },
        { ...DONATIONS_OPEN_JOB_OPTIONS, jobId: `donations-open-${event.id}-${i}` },
      );
    }
  }

  onApplicationBootstrap() {
    this.reactor.start();
  }

  async onModuleDestroy() {
    await this.reactor.stop();
  }
}
