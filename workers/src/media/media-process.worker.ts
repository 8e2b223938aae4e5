import { MEDIA_PROCESS_JOB } from '@modules/media';
import { Processor } from '@nestjs/bullmq';
import { JOB_WORKER_OPTIONS, JobHost, jobInfo, QueuedJob } from '@platform/jobs';

import { MediaProcessorDeps, mediaProcessProcessor } from './media-process.processor';

/** The host of media.process: BullMQ's Worker (or the in-process queue) hands it each job. */
@Processor(MEDIA_PROCESS_JOB, JOB_WORKER_OPTIONS)
export class MediaProcessWorker extends JobHost {
  private readonly prepare;

  constructor(deps: MediaProcessorDeps) {
    super(deps.logger);
    this.prepare = mediaProcessProcessor(deps);
  }

  async process(job: QueuedJob): Promise<void> {
    await this.prepare(job.data, jobInfo(job));
  }
}
