/**
 * BENCH_CPU_PROF=<dir>: a V8 CPU profile of this process's main thread (the server, where a bench
 * runs it in process) over one stretch of a bench, written as <dir>/<name>.cpuprofile for Chrome's
 * DevTools or speedscope. Without the variable the stretch simply runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile of ${name}: ${file}`);
    session.disconnect();
  }
}
