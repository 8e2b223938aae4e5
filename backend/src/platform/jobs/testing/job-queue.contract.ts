import { Processor } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { silentLogger } from '../../logging';
import { JOB_WORKER_OPTIONS, JobHost } from '../job-host';
import { JobInfo, jobInfo, JobQueue, QueuedJob } from '../job-queue.port';
import { JobWorkersModule } from '../job-workers.module';

type Handler = (data: any, job: JobInfo) => Promise<void>;

/** A WorkerHost for one job name, as the workers' hosts are written (@Processor, JobHost). */
export function hostFor(name: string, handle: Handler) {
  @Processor(name, JOB_WORKER_OPTIONS)
  class TestHost extends JobHost {
    constructor() {
      super(silentLogger);
    }
    async process(job: QueuedJob) {
      await handle(job.data, jobInfo(job));
    }
  }
  return TestHost;
}

/** Runs hosts on a queue the way the workers role does: JobWorkersModule in a Nest context. */
export async function startHosts(queue: JobQueue, handlers: Record<string, Handler>): Promise<INestApplicationContext> {
  const hosts = Object.entries(handlers).map(([name, handle]) => hostFor(name, handle));
  return NestFactory.createApplicationContext(JobWorkersModule.forQueue(queue, hosts), { logger: false });
}

/**
 * One suite for every job queue adapter: same retries, dedupe and processing rules, with jobs
 * enqueued through the port and run by WorkerHosts (BullMQ's Worker via `@nestjs/bullmq`, or the
 * in-process queue).
 */
export function describeJobQueueContract(
  name: string,
  create: () => Promise<JobQueue & { dispose?(): Promise<void> }>,
) {
  describe(`JobQueue contract: ${name}`, () => {
    let queue: JobQueue & { dispose?(): Promise<void> };
    let workers: INestApplicationContext | null;
    const start = async (handlers: Record<string, Handler>) => void (workers = await startHosts(queue, handlers));

    beforeEach(async () => {
      queue = await create();
      workers = null;
    });
    afterEach(async () => {
      await workers?.close();
      await (queue.dispose ? queue.dispose() : queue.close());
    });

    it('runs each job once with its data, by name', async () => {
      const seen: string[] = [];
      await start({
        resize: async (data) => void seen.push(`resize:${data.n}`),
        transcode: async (data) => void seen.push(`transcode:${data.n}`),
      });
      for (let n = 0; n < 5; n++) await queue.enqueue('resize', { n });
      await queue.enqueue('transcode', { n: 9 });
      await queue.idle();
      expect(seen.sort()).toEqual(['resize:0', 'resize:1', 'resize:2', 'resize:3', 'resize:4', 'transcode:9']);
    });

    it('retries a failing job with its attempt number until it succeeds', async () => {
      const attempts: number[] = [];
      await start({
        flaky: async (_data, job) => {
          attempts.push(job.attempt);
          if (job.attempt < 3) throw new Error('not yet');
        },
      });
      await queue.enqueue('flaky', {}, { attempts: 3, backoffMs: 10 });
      await queue.idle();
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('waits the backoff between tries, doubling it each time', async () => {
      const at: number[] = [];
      await start({
        slow: async () => {
          at.push(Date.now());
          throw new Error('always');
        },
      });
      await queue.enqueue('slow', {}, { attempts: 3, backoffMs: 100 });
      await queue.idle();
      expect(at).toHaveLength(3);
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(90);
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(190);
    });

    it('gives up after the allowed attempts', async () => {
      let tries = 0;
      await start({
        broken: async () => {
          tries++;
          throw new Error('always');
        },
      });
      await queue.enqueue('broken', {}, { attempts: 2, backoffMs: 10 });
      await queue.idle();
      expect(tries).toBe(2);
    });

    it('tells how many jobs of each name wait, are delayed, and failed for good', async () => {
      await queue.enqueue('depth.waiting', { n: 1 });
      await queue.enqueue('depth.waiting', { n: 2 });
      await queue.enqueue('depth.waiting', { n: 3 }, { delayMs: 60_000 });
      expect(await queue.depth(['depth.waiting', 'depth.none'])).toEqual([
        { name: 'depth.waiting', waiting: 2, active: 0, delayed: 1, failed: 0 },
        { name: 'depth.none', waiting: 0, active: 0, delayed: 0, failed: 0 },
      ]);
    });

    it('counts a job that failed for good', async () => {
      await start({
        'depth.broken': async () => {
          throw new Error('always');
        },
      });
      await queue.enqueue('depth.broken', {}, { attempts: 1 });
      await queue.idle();
      expect(await queue.depth(['depth.broken'])).toEqual([
        { name: 'depth.broken', waiting: 0, active: 0, delayed: 0, failed: 1 },
      ]);
    });

    it('ignores a second job with the same id', async () => {
      let runs = 0;
      await queue.enqueue('once', {}, { jobId: 'same' });
      await queue.enqueue('once', {}, { jobId: 'same' });
      await start({ once: async () => void runs++ });
      await queue.idle();
      expect(runs).toBe(1);
    });

    it('runs a job again with the same id once done, unless its id is kept as done (keepDoneMs)', async () => {
      const runs: string[] = [];
      await start({ once: async (data) => void runs.push((data as { tag: string }).tag) });
      await queue.enqueue('once', { tag: 'a' }, { jobId: 'again' });
      await queue.idle();
      await queue.enqueue('once', { tag: 'b' }, { jobId: 'again' });
      await queue.idle();
      await queue.enqueue('once', { tag: 'c' }, { jobId: 'kept', keepDoneMs: 60_000 });
      await queue.idle();
      await queue.enqueue('once', { tag: 'd' }, { jobId: 'kept', keepDoneMs: 60_000 });
      await queue.idle();
      expect(runs).toEqual(['a', 'b', 'c']);
    });

    it('holds delayed jobs back', async () => {
      const at: number[] = [];
      await start({ later: async () => void at.push(Date.now()) });
      const start_ = Date.now();
      await queue.enqueue('later', {}, { delayMs: 200 });
      await queue.idle();
      expect(at).toHaveLength(1);
      expect(at[0]! - start_).toBeGreaterThanOrEqual(180);
    });

    it('lets a running job finish when the workers close', async () => {
      let finished = false;
      let begun!: () => void;
      const started = new Promise<void>((r) => (begun = r));
      await start({
        long: async () => {
          begun();
          await new Promise((r) => setTimeout(r, 200));
          finished = true;
        },
      });
      await queue.enqueue('long', {});
      await started;
      await workers!.close();
      workers = null;
      expect(finished).toBe(true);
    });
  });
}
