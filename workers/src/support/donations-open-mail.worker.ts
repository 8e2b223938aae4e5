import { DONATIONS_OPEN_MAIL_JOB, type DonationsOpenMailDeps, donationsOpenMailProcessor } from '@modules/support';
import { Processor } from '@nestjs/bullmq';
import { JOB_WORKER_OPTIONS, JobHost, jobInfo, QueuedJob } from '@platform/jobs';

/** The host of support.donations-open-mail: mails a page of the notify-me list once per opening. */
@Processor(DONATIONS_OPEN_MAIL_JOB, JOB_WORKER_OPTIONS)
export class DonationsOpenMailWorker extends JobHost {
  private readonly run;

  constructor(deps: DonationsOpenMailDeps) {
    super(deps.logger);
    this.run = donationsOpenMailProcessor(deps);
  }

  async process(job: QueuedJob): Promise<void> {
    await this.run(job.data, jobInfo(job));
  }
}
