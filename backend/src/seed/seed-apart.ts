import { spawn } from 'node:child_process';
import { join } from 'node:path';

import type { AppConfig, Role } from '../platform/config';
import type { Logger } from '../platform/logging';
import { withTimeout } from '../platform/sleep';
import { isNewCluster } from '../platform/sql/pglite-template';
import { type Runtime, startRuntime } from '../runtime';

/** Set in the environment of the process that only seeds, then stops. */
export const SEED_ONLY_ENV = 'DC_SEED_ONLY';

/**
 * Whether this start seeds in a short-lived process of its own: the embedded app's first start (its
 * PGlite directory not made yet) with the seed on. Why: what the seed's 2,000 commands, images and
 * video jobs leave behind (a larger heap, libvips mapped in, the allocator's leftovers) stayed with
 * the serving process for its whole life: idle at 310-318 MB after a first start against 269-275 MB
 * after a restart (bench:idle). Elsewhere (PostgreSQL, a store already made) the seed runs in-process
 * as before, and finds nothing to do when the store has events.
 */
export function seedsApart(config: AppConfig, role: Role, env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    config.seed &&
    role === 'all' &&
    env[SEED_ONLY_ENV] !== '1' &&
    !config.database &&
    !config.eventStoreUrl &&
    !config.mongodbUrl &&
    isNewCluster(join(config.dataDir, 'pglite'))
  );
}

/** The command that started this process: under scripts/run-ts.mjs (no build) the entry is TypeScript. */
function selfCommand(): string[] {
  const entry = process.argv[1] ?? '';
  const loader = join(__dirname, '../../../scripts/ts-register.cjs');
  return [...process.execArgv, ...(entry.endsWith('.ts') ? ['-r', loader] : []), entry];
}

/**
 * Runs this same program once more with SEED_ONLY_ENV set and waits for it: it starts the app on
 * the same data directory (PGlite lets one process in at a time), seeds, waits for what the seed set
 * going, and stops. A signal meant for this process goes to it too.
 */
export function seedInOwnProcess(logger: Logger): Promise<void> {
  logger.info('first start: seeding in a process of its own, which stops when done');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...selfCommand(), 'all'], {
      env: { ...process.env, [SEED_ONLY_ENV]: '1' },
      stdio: 'inherit',
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    const done = () => process.off('SIGINT', forward).off('SIGTERM', forward);
    child.once('error', (err) => {
      done();
      reject(err);
    });
    child.once('exit', (code, signal) => {
      done();
      if (code === 0) resolve();
      else reject(new Error(`the seed process ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

/**
 * The seeding process: start (which seeds), let every job and read model finish, stop. Bounded: a
 * job that hangs (ffmpeg on a demo clip, say) fails this start with a reason instead of holding it
 * forever; the next start serves what was made, and the in-process queue takes the job up again.
 */
export async function seedThenStop(config: AppConfig, logger: Logger, timeoutMs = 300_000): Promise<void> {
  const runtime = await startRuntime(config, logger, 'all');
  try {
    await settled(runtime, Date.now() + timeoutMs);
  } catch (err) {
    await withTimeout(runtime.shutdown(), config.shutdownTimeoutMs, 'stopping after a failed seed took too long').catch(
      () => undefined,
    );
    throw err;
  }
  await runtime.shutdown();
}

/**
 * Until the log stops growing: every projector past its head and no job left. Jobs append events
 * (a processed video) and projections queue jobs (mail, pushes), so once is not enough.
 */
export async function settled(
  runtime: Pick<Runtime, 'platform' | 'runner' | 'progress'>,
  deadline: number,
): Promise<void> {
  const { eventStore, jobQueue } = runtime.platform;
  const names = runtime.runner?.projectorNames() ?? [];
  const left = () => Math.max(0, deadline - Date.now());
  for (;;) {
    const head = await eventStore.headCheckpoint();
    if (!(await runtime.progress.waitFor(head, names, left())))
      throw new Error('the read models did not catch up with the seed in time');
    await withTimeout(jobQueue.idle(), left(), "the seed's jobs did not finish in time");
    if ((await eventStore.headCheckpoint()) === head) return;
  }
}
