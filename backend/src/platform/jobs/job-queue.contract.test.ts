import { randomBytes } from 'node:crypto';

import { silentLogger } from '../logging';
import { redisReachable, TEST_REDIS_URL } from '../testing/services';
import { BullMqJobQueue } from './bullmq.job-queue';
import { InProcessJobQueue } from './in-process.job-queue';
import { describeJobQueueContract } from './testing/job-queue.contract';

describeJobQueueContract('in-process', async () => new InProcessJobQueue(silentLogger));

if (redisReachable()) {
  // BullMQ's own Worker drives the hosts, through @nestjs/bullmq (BullModule.forRoot with the queue's settings).
  describeJobQueueContract('bullmq', async () => {
    // A prefix of its own per test: runs never see each other's jobs, and it is removed after.
    const queue = new BullMqJobQueue(TEST_REDIS_URL, `dc-test-${randomBytes(4).toString('hex')}`, silentLogger);
    return Object.assign(queue, {
      async dispose() {
        await queue.obliterate();
        await queue.close();
      },
    });
  });
}
