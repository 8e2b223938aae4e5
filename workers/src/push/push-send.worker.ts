import { PUSH_SEND_JOB, type PushSendDeps, pushSendProcessor } from '@modules/push';
import { Processor } from '@nestjs/bullmq';
import { JOB_WORKER_OPTIONS, JobHost, jobInfo, QueuedJob } from '@platform/jobs';

/** The host of push.send: one notification to a member's Web Push devices. */
@Processor(PUSH_SEND_JOB, JOB_WORKER_OPTIONS)
export class PushSendWorker extends JobHost {
  private readonly run;

  constructor(deps: PushSendDeps) {
    super(deps.logger);
    this.run = pushSendProcessor(deps);
  }

  async process(job: QueuedJob): Promise<void> {
    await this.run(job.data, jobInfo(job));
  }
}
