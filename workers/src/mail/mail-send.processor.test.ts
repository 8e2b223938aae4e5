import pino from 'pino';

import {
  DevOutbox,
  MAIL_SEND_JOB,
  type MailJob,
  MailService,
  type MailTransport,
  OutboxMailTransport,
} from '../../../backend/modules/mail';
import { InProcessJobQueue } from '../../../backend/src/platform/jobs/in-process.job-queue';
import { MemoryReadStore } from '../../../backend/src/platform/read-store/memory.read-store';
import { mailSendProcessor } from './mail-send.processor';
import { MailSendWorker } from './mail-send.worker';

const TOKEN = 'one-time-token-5f2c';
const link = `http://localhost:3000/api/auth/verify-email?token=${TOKEN}`;

/** Everything logged, at every level, as text: the one-time link must never appear in it. */
function capturingLogger() {
  const lines: string[] = [];
  return { logger: pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) }), lines };
}

class FakeTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly delivered: MailJob[] = [];
  failuresLeft = 0;
  async deliver(mail: MailJob) {
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('421 service not available');
    }
    this.delivered.push(mail);
  }
}

/** Queues one real rendered mail through MailService, the way the API does. */
async function sendThrough(queue: InProcessJobQueue, to = 'amina@example.test'): Promise<string> {
  return new MailService(queue).send({ to, template: 'verify-email', params: { displayName: 'Amina', link } });
}

describe('mail.send processor', () => {
  const info = { id: 'job-1', name: MAIL_SEND_JOB, attempt: 1 };

  it('hands the rendered mail to the transport and logs ids only', async () => {
    const { logger, lines } = capturingLogger();
    const transport = new FakeTransport();
    const job: MailJob = {
      id: 'm-1',
      to: 'amina@example.test',
      template: 'verify-email',
      locale: 'en',
      subject: 'Verify your email for DeenConnect',
      text: link,
      html: `<a href="${link}">Verify</a>`,
    };
    await mailSendProcessor(transport, logger)(job, info);
    expect(transport.delivered).toEqual([job]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'mail delivered',
      jobId: 'job-1',
      template: 'verify-email',
      transport: 'smtp',
    });
    expect(lines[0]).not.toContain(TOKEN);
    expect(lines[0]).not.toContain('amina@example.test');
  });

  it('fails a malformed job without calling the transport', async () => {
    const { logger } = capturingLogger();
    const transport = new FakeTransport();
    await expect(mailSendProcessor(transport, logger)({ to: 'a@x.test', text: link }, info)).rejects.toThrow(
      /Invalid mail\.send job/,
    );
    expect(transport.delivered).toEqual([]);
  });

  it('passes transport failures on, so the queue retries until the mail goes out', async () => {
    const { logger, lines } = capturingLogger();
    const queue = new InProcessJobQueue(logger);
    const transport = new FakeTransport();
    transport.failuresLeft = 2;
    queue.register(MAIL_SEND_JOB, new MailSendWorker(transport, logger));
    await queue.startProcessing();
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const id = await sendThrough(queue);
      const idle = queue.idle();
      // The mail job backs off 10 s, then 20 s, between tries.
      await jest.advanceTimersByTimeAsync(30_000);
      await idle;
      expect(transport.delivered.map((m) => m.id)).toEqual([id]);
      const retries = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'job failed; retrying');
      expect(retries.map((l) => l.attempt)).toEqual([1, 2]);
      expect(lines.join('\n')).not.toContain(TOKEN);
    } finally {
      jest.useRealTimers();
      await queue.close();
    }
  });

  it('through the outbox transport, lands the mail in the read store with its link', async () => {
    const { logger, lines } = capturingLogger();
    const store = new MemoryReadStore();
    const outbox = new DevOutbox(store);
    const queue = new InProcessJobQueue(logger);
    queue.register(MAIL_SEND_JOB, new MailSendWorker(new OutboxMailTransport(outbox), logger));
    await queue.startProcessing();
    try {
      const id = await sendThrough(queue, 'Amina@Example.test');
      await queue.idle();
      const [mail] = await outbox.list({ to: 'amina@example.test', limit: 20 });
      expect(mail).toMatchObject({
        id,
        to: 'Amina@Example.test',
        template: 'verify-email',
        locale: 'en',
        subject: 'Verify your email for DeenConnect',
        links: [link],
        userId: null,
      });
      expect(mail!.html).toContain(`href="${link}"`);
      expect(new Date(mail!.createdAt).toISOString()).toBe(mail!.createdAt);
      expect(lines.join('\n')).not.toContain(TOKEN);
    } finally {
      await queue.close();
    }
  });
});
