import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { MEDIA, type MediaDoc } from '@projections/media';

import type { JobQueue } from '../../../src/platform/jobs/job-queue.port';
import type { Logger } from '../../../src/platform/logging';
import { JOB_QUEUE, LOGGER, READ_MODELS } from '../../../src/platform/tokens';
import { MEDIA_JOB_OPTIONS, MEDIA_PROCESS_JOB, mediaJobId, type MediaProcessJob } from '../media-jobs';

/** At most this many items are requeued per start (the rest on the next start). */
const BATCH = 500;

/**
 * A media item whose job was never queued, or is gone, would stay "processing" forever: the
 * in-process queue (embedded profile) lives in memory, so a process that stops mid-job loses the
 * job; on BullMQ an API process killed between the item's MediaUploaded and the enqueue leaves no
 * job at all. On start, every media item still processing is queued again: the job id is the
 * item's, so an item whose job is still in BullMQ is not queued twice, and the processor does
 * nothing for one already finished.
 */
@Injectable()
export class MediaRecovery implements OnApplicationBootstrap {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    // Not awaited: start-up does not wait on a scan of the media read model.
    this.requeue().catch((err) => this.logger.warn({ err }, 'media recovery failed'));
  }

  /** Queues a job for each media item still processing; returns how many. */
  async requeue(): Promise<number> {
    const page = await this.readModels
      .collection<MediaDoc>(MEDIA)
      .find({ where: { status: 'processing' }, limit: BATCH });
    for (const doc of page.items) {
      await this.jobs.enqueue<MediaProcessJob>(
        MEDIA_PROCESS_JOB,
        { mediaId: doc.id },
        { ...MEDIA_JOB_OPTIONS, jobId: mediaJobId(doc.id) },
      );
    }
    if (page.items.length) this.logger.info({ count: page.items.length }, 'media still processing queued again');
    return page.items.length;
  }
}
