import { InProcessJobQueue } from '../../src/platform/jobs/in-process.job-queue';
import type { JobOptions, JobQueue } from '../../src/platform/jobs/job-queue.port';
import { silentLogger } from '../../src/platform/logging';
import { type MailRequest, MailService } from './mail.service';
import { MAIL_SEND_JOB, parseMailJob } from './mail-job';

/** Records what is enqueued; runs nothing, which is the point: sending only queues. */
class RecordingQueue implements JobQueue {
  readonly engine = 'in-process' as const;
  readonly jobs: { name: string; data: unknown; options?: JobOptions | undefined }[] = [];
  async enqueue<T>(name: string, data: T, options?: JobOptions) {
    this.jobs.push({ name, data, options });
    return options?.jobId ?? 'job';
  }
  async depth() {
    return [];
  }
  async idle() {}
  async close() {}
}

const link = 'http://localhost:3000/api/auth/verify-email?token=t0k3n';

describe('MailService', () => {
  let queue: RecordingQueue;
  let service: MailService;

  beforeEach(() => {
    queue = new RecordingQueue();
    service = new MailService(queue);
  });

  it('renders the mail and queues one mail.send job whose id is the mail id', async () => {
    const id = await service.send({
      to: ' amina@example.test ',
      template: 'verify-email',
      params: { displayName: 'Amina', link },
      userId: 'user-1',
    });
    expect(queue.jobs).toHaveLength(1);
    const [job] = queue.jobs;
    expect(job!.name).toBe(MAIL_SEND_JOB);
    expect(job!.options).toMatchObject({ jobId: id, attempts: 5 });
    const data = parseMailJob(job!.data);
    expect(data).toMatchObject({
      id,
      to: 'amina@example.test',
      template: 'verify-email',
      locale: 'en',
      userId: 'user-1',
    });
    expect(data.subject).toBe('Verify your email for DeenConnect');
    expect(data.text).toContain(link);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("carries a list mail's one-click unsubscribe URL, and queues nothing for a bad one", async () => {
    const url = 'http://localhost:3000/api/notify/donations-open/unsubscribe?token=k.s';
    const params = { displayName: '', link: 'http://localhost:3000/support', unsubscribeLink: url };
    await service.send({ to: 'a@x.test', template: 'donations-open', params, listUnsubscribe: url });
    expect(parseMailJob(queue.jobs[0]!.data).listUnsubscribe).toBe(url);
    await expect(
      service.send({ to: 'a@x.test', template: 'donations-open', params, listUnsubscribe: `${url}\r\nBcc: b@x.test` }),
    ).rejects.toThrow('Invalid mail.send job: bad listUnsubscribe');
    expect(queue.jobs).toHaveLength(1);
  });

  it('mails a receipt once even when its sender runs again after the first went out (sendOnce)', async () => {
    const jobs = new InProcessJobQueue(silentLogger);
    const delivered: string[] = [];
    jobs.register(MAIL_SEND_JOB, { process: async (job) => void delivered.push(parseMailJob(job.data).template) });
    await jobs.startProcessing();
    const mail = new MailService(jobs);
    const receipt: MailRequest = {
      id: 'receipt-order-1',
      to: 'a@x.test',
      template: 'order-receipt',
      params: {
        displayName: 'Amina',
        link: 'http://localhost:3000/orders',
        orderNumber: 'ABC123',
        paidAt: '2026-11-30T10:00:00.000Z',
        provider: 'sandbox',
        reference: 'sbx_1',
        items: [{ title: 'Tajweed', price: 1500 }],
        total: 1500,
      },
    };
    // The reactor handled the payment, crashed before its checkpoint and handles it again.
    for (let run = 0; run < 2; run++) {
      await mail.send({ ...receipt, sendOnce: true });
      await jobs.idle();
    }
    // Without sendOnce, an id only joins a mail still queued: the same id later is a new mail.
    for (let run = 0; run < 2; run++) {
      await mail.send({ ...receipt, id: 'reset-1' });
      await jobs.idle();
    }
    expect(delivered).toEqual(['order-receipt', 'order-receipt', 'order-receipt']);
    await jobs.close();
  });

  it('renders in the requested language', async () => {
    await service.send({
      to: 'a@x.test',
      template: 'reset-password',
      locale: 'ar',
      params: { displayName: 'A', link },
    });
    const data = parseMailJob(queue.jobs[0]!.data);
    expect(data.locale).toBe('ar');
    expect(data.html).toContain('dir="rtl"');
  });

  it.each(['not-an-address', 'a@x.test\r\nBcc: victim@y.test', 'a@x.test, b@y.test', ''])(
    'refuses the recipient %j without queueing',
    async (to) => {
      await expect(service.send({ to, template: 'verify-email', params: { displayName: 'A', link } })).rejects.toThrow(
        'Mail recipient must be one email address',
      );
      expect(queue.jobs).toHaveLength(0);
    },
  );
});
