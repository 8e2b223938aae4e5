import { randomBytes } from 'node:crypto';

import { MAIL_JOB_OPTIONS, MAIL_SEND_JOB, type MailJob, MailService, type MailTransport } from '@modules/mail';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BullMqJobQueue, JobWorkersModule } from '@platform/jobs';
import { redisReachable, TEST_REDIS_URL } from '@platform/testing/services';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import pino from 'pino';

import { MailSendWorker } from './mail-send.worker';

const TOKEN = 'one-time-token-77ab';

class FlakyTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly delivered: MailJob[] = [];
  failuresLeft = 1;
  async deliver(mail: MailJob) {
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('421 service not available');
    }
    this.delivered.push(mail);
  }
}

async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The mail.send WorkerHost run by BullMQ's own Worker (through @nestjs/bullmq, as the workers role
 * runs it), on a job the API side enqueues through the JobQueue port.
 */
if (redisReachable()) {
  describe('MailSendWorker on BullMQ', () => {
    const prefix = `dc-test-mail-${randomBytes(4).toString('hex')}`;
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    let queue: BullMqJobQueue;
    let workers: INestApplicationContext;
    let inspect: Queue;
    let transport: FlakyTransport;

    beforeAll(async () => {
      queue = new BullMqJobQueue(TEST_REDIS_URL, prefix, logger);
      transport = new FlakyTransport();
      const host = { provide: MailSendWorker, useFactory: () => new MailSendWorker(transport, logger) };
      workers = await NestFactory.createApplicationContext(JobWorkersModule.forQueue(queue, [host]), { logger: false });
      inspect = new Queue(MAIL_SEND_JOB, {
        connection: new IORedis(TEST_REDIS_URL, { maxRetriesPerRequest: null }),
        prefix,
      });
    });

    afterAll(async () => {
      await workers.close();
      await queue.obliterate();
      await queue.close();
      await inspect.close();
      await (inspect.opts.connection as IORedis).quit();
    });

    it('delivers the mail, retrying a failed try after the mail job backoff', async () => {
      const id = await new MailService(queue).send({
        to: 'amina@example.test',
        template: 'verify-email',
        params: { displayName: 'Amina', link: `http://localhost:3000/api/auth/verify-email?token=${TOKEN}` },
      });

      // The first try fails: BullMQ holds the job back for the mail backoff (10 s), 1 attempt made.
      await until('the first try to fail', async () => (await inspect.getJobState(id)) === 'delayed');
      const job = (await inspect.getJob(id))!;
      expect(job.name).toBe(MAIL_SEND_JOB);
      expect(job.attemptsMade).toBe(1);
      expect(job.opts).toMatchObject({
        attempts: MAIL_JOB_OPTIONS.attempts,
        backoff: { type: 'exponential', delay: MAIL_JOB_OPTIONS.backoffMs },
      });
      expect(job.delay).toBe(MAIL_JOB_OPTIONS.backoffMs);
      expect(transport.delivered).toEqual([]);

      // Run the retry now instead of in 10 s: the second try delivers, and the job is gone.
      await job.promote();
      await queue.idle();
      expect(transport.delivered.map((m) => m.id)).toEqual([id]);
      expect(await inspect.getJob(id)).toBeUndefined();

      const logged = lines.map((l) => JSON.parse(l));
      expect(logged.filter((l) => l.msg === 'job failed').map((l) => [l.id, l.attempt])).toEqual([[id, 1]]);
      expect(logged.filter((l) => l.msg === 'mail delivered').map((l) => [l.jobId, l.attempt])).toEqual([[id, 2]]);
      expect(lines.join('\n')).not.toContain(TOKEN);
    });
  });
}
