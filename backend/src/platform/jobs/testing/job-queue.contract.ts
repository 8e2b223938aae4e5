import type { JobQueue } from '../job-queue.port';

/** One suite for every job queue adapter: same retries, dedupe and processing rules. */
export function describeJobQueueContract(name: string, create: () => Promise<JobQueue & { dispose?(): Promise<void> }>) {
  describe(`JobQueue contract: ${name}`, () => {
    let queue: JobQueue & { dispose?(): Promise<void> };

    beforeEach(async () => {
      queue = await create();
    });
    afterEach(async () => {
      await (queue.dispose ? queue.dispose() : queue.close());
    });

    it('runs each job once with its data, by name', async () => {
      const seen: string[] = [];
      queue.register<{ n: number }>('resize', async (data) => void seen.push(`resize:${data.n}`));
      queue.register<{ n: number }>('transcode', async (data) => void seen.push(`transcode:${data.n}`));
      await queue.startProcessing({ concurrency: 2 });
      for (let n = 0; n < 5; n++) await queue.enqueue('resize', { n });
      await queue.enqueue('transcode', { n: 9 });
      await queue.idle();
      expect(seen.sort()).toEqual(['resize:0', 'resize:1', 'resize:2', 'resize:3', 'resize:4', 'transcode:9']);
    });

    it('retries a failing job with its attempt number until it succeeds', async () => {
      const attempts: number[] = [];
      queue.register('flaky', async (_data, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error('not yet');
      });
      await queue.startProcessing();
      await queue.enqueue('flaky', {}, { attempts: 3, backoffMs: 10 });
      await queue.idle();
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('gives up after the allowed attempts', async () => {
      let tries = 0;
      queue.register('broken', async () => {
        tries++;
        throw new Error('always');
      });
      await queue.startProcessing();
      await queue.enqueue('broken', {}, { attempts: 2, backoffMs: 10 });
      await queue.idle();
      expect(tries).toBe(2);
    });

    it('ignores a second job with the same id', async () => {
      let runs = 0;
      queue.register('once', async () => void runs++);
      await queue.enqueue('once', {}, { jobId: 'same' });
      await queue.enqueue('once', {}, { jobId: 'same' });
      await queue.startProcessing();
      await queue.idle();
      expect(runs).toBe(1);
    });

    it('holds delayed jobs back', async () => {
      const at: number[] = [];
      queue.register('later', async () => void at.push(Date.now()));
      await queue.startProcessing();
      const start = Date.now();
      await queue.enqueue('later', {}, { delayMs: 200 });
      await queue.idle();
      expect(at).toHaveLength(1);
      expect(at[0] - start).toBeGreaterThanOrEqual(180);
    });
  });
}
