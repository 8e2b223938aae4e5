import { BullModule } from '@nestjs/bullmq';
// Not re-exported by the package's index; the key @Processor() stores its options under.
import { PROCESSOR_METADATA, WORKER_METADATA } from '@nestjs/bullmq/dist/bull.constants';
import {
  DynamicModule,
  FactoryProvider,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Type,
} from '@nestjs/common';

import { BullMqJobQueue } from './bullmq.job-queue';
import { InProcessJobQueue } from './in-process.job-queue';
import type { JobHost } from './job-host';
import type { JobQueue } from './job-queue.port';

/** A job host as a Nest provider: its class, built by a factory (or by Nest when its deps are providers). */
export type JobHostProvider = Type<JobHost> | (FactoryProvider<JobHost> & { provide: Type<JobHost> });

/** The job name a host runs: the queue name of its @Processor(). */
export function jobNameOf(host: Type<JobHost>): string {
  const options = Reflect.getMetadata(PROCESSOR_METADATA, host) as { name?: string } | undefined;
  if (!options?.name) throw new Error(`${host.name} has no @Processor(<job name>)`);
  return options.name;
}

const hostClass = (p: JobHostProvider) => (typeof p === 'function' ? p : p.provide);

/**
 * Runs job hosts on the app's JobQueue (the workers role). BullMQ: `@nestjs/bullmq` with the
 * adapter's connection and prefix, one queue per job name, so BullMQ's own Worker drives each
 * host (and closes it, after its running jobs, when the context closes). In-process: the same
 * host classes are registered on the in-process queue, which calls their process().
 */
@Module({})
export class JobWorkersModule {
  static forQueue(queue: JobQueue, hosts: JobHostProvider[]): DynamicModule {
    const classes = hosts.map(hostClass);
    const names = classes.map(jobNameOf);
    if (new Set(names).size !== names.length) throw new Error(`One host per job name: ${names.join(', ')}`);
    if (queue instanceof BullMqJobQueue) {
      // @Processor() options are fixed when the class is defined; the lock comes from the
      // configuration (JOB_LOCK_MS), so it is put into their metadata before the Workers are built.
      for (const cls of classes) {
        const options = (Reflect.getMetadata(WORKER_METADATA, cls) ?? {}) as Record<string, unknown>;
        Reflect.defineMetadata(
          WORKER_METADATA,
          // A host that names its own lock (a test's worker) keeps it.
          { lockDuration: queue.lockMs, stalledInterval: queue.lockMs, ...options },
          cls,
        );
      }
      return {
        module: JobWorkersModule,
        imports: [
          BullModule.forRoot(queue.workerSettings(names)),
          BullModule.registerQueue(...names.map((name) => ({ name }))),
        ],
        providers: [
          ...hosts,
          { provide: BullWorkersReady, useFactory: (...all: JobHost[]) => new BullWorkersReady(all), inject: classes },
        ],
      };
    }
    if (queue instanceof InProcessJobQueue) {
      return {
        module: JobWorkersModule,
        providers: [
          ...hosts,
          {
            provide: InProcessWorkers,
            useFactory: (...all: JobHost[]) => new InProcessWorkers(queue, all),
            inject: classes,
          },
        ],
      };
    }
    throw new Error(`No job workers for the ${queue.engine} queue`);
  }
}

/** Start-up completes once every BullMQ Worker is connected (as the queue's own worker did). */
class BullWorkersReady implements OnApplicationBootstrap {
  constructor(private readonly hosts: JobHost[]) {}

  async onApplicationBootstrap() {
    await Promise.all(this.hosts.map((host) => host.worker.waitUntilReady()));
  }
}

/** Hands the hosts to the in-process queue and starts it; on close, lets running jobs finish. */
class InProcessWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly queue: InProcessJobQueue,
    private readonly hosts: JobHost[],
  ) {}

  async onApplicationBootstrap() {
    for (const host of this.hosts) this.queue.register(jobNameOf(host.constructor as Type<JobHost>), host);
    await this.queue.startProcessing();
  }

  async onApplicationShutdown() {
    await this.queue.stopProcessing();
  }
}
