/**
 * A feed bench deployment: its processes (one ROLE=all, or api + projections + workers) forked
 * from serve.ts on one PostgreSQL schema and one Redis prefix, and what they report.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

import type { WritePhaseRecord } from '../../src/platform/metrics/write-phases';
import { ROOT } from '../http-bench';
import { benchEnv } from './bench-runtime';
import type { ServeMessage } from './serve';

export interface DeploymentSpec {
  label: string;
  /** One entry per process: its extra environment (ROLE, READ_MODEL_CACHE). */
  processes: Record<string, string>[];
}

export interface SqlCounts {
  statements: number;
  reads: number;
  /** CPU time (user + system, every thread) of the serving processes. */
  cpuMicros: number;
}

export class Deployment {
  private constructor(
    readonly spec: DeploymentSpec,
    private readonly children: { child: ChildProcess; serves: boolean }[],
  ) {}

  static async start(spec: DeploymentSpec, schema: string, port: number): Promise<Deployment> {
    const children: { child: ChildProcess; serves: boolean }[] = [];
    try {
      // Projections first: a process that serves reads then finds its read models followed.
      for (const extra of spec.processes) {
        const child = fork(join(ROOT, 'scripts/run-ts.mjs'), [join(ROOT, 'backend/bench/feed/serve.ts')], {
          cwd: ROOT,
          env: { ...process.env, ...benchEnv(schema, port, extra) },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each serving process, written when it stops.
          execArgv:
            process.env.BENCH_CPU_PROF && (extra.ROLE === 'api' || extra.ROLE === 'all')
              ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
              : [],
        });
        children.push({ child, serves: extra.ROLE === 'api' || extra.ROLE === 'all' });
        await reply(child, 'ready');
      }
      return new Deployment(spec, children);
    } catch (err) {
      for (const { child } of children) child.kill('SIGKILL');
      throw err;
    }
  }

  /** SQL statements sent so far by the processes that serve HTTP, and their CPU time. */
  async sqlCounts(): Promise<SqlCounts> {
    const counts = await Promise.all(
      this.children
        .filter((c) => c.serves)
        .map(async ({ child }) => {
          child.send({ type: 'sql' });
          return (await reply(child, 'sql')) as Extract<ServeMessage, { type: 'sql' }>;
        }),
    );
    return counts.reduce(
      (a, c) => ({
        statements: a.statements + c.statements,
        reads: a.reads + c.reads,
        cpuMicros: a.cpuMicros + c.cpuMicros,
      }),
      { statements: 0, reads: 0, cpuMicros: 0 },
    );
  }

  /** The write-phase records every process gathered since the last ask (BENCH_WRITE_PHASES=on). */
  async writePhases(): Promise<WritePhaseRecord[]> {
    const all = await Promise.all(
      this.children.map(async ({ child }) => {
        child.send({ type: 'phases' });
        return ((await reply(child, 'phases')) as Extract<ServeMessage, { type: 'phases' }>).records;
      }),
    );
    return all.flat();
  }

  /** Stops the HTTP processes first, the projections last (as a rolling deploy would). */
  async stop(): Promise<void> {
    for (const { child } of [...this.children].reverse()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

function reply(child: ChildProcess, type: ServeMessage['type']): Promise<ServeMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: ServeMessage) => {
      if (m.type === 'failed') done(() => reject(new Error(`a bench process failed:\n${m.error}`)));
      else if (m.type === type) done(() => resolve(m));
    };
    const onExit = (code: number | null) => done(() => reject(new Error(`a bench process exited (${code})`)));
    const done = (fn: () => void) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      fn();
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
