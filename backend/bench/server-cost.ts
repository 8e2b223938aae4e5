/**
 * What the server spent over a stretch of a bench, read from outside the code measured: the SQL
 * statements this process sent (pg's client, counted), and the CPU time of this process's main
 * thread and of the PostgreSQL and Redis server processes on the machine (Linux /proc; 0 where it
 * cannot be read). On a shared machine latency moves with the neighbours; these move far less.
 * Statements are counted once countSqlStatements() has been called (before the server starts).
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

import { sqlStatementsSent } from './feed/sql-statements';

export interface ServerSample {
  statements: number;
  mainMs: number;
  /** Every other thread of this process: the bench's clients where they run in it, V8's compiler and GC helpers, libuv's pool. */
  otherThreadsMs: number;
  postgresMs: number;
  redisMs: number;
}

const TICK_MS = (() => {
  try {
    return 1000 / Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

/** utime + stime of /proc/<path>/stat, in ms (the command name may hold spaces: fields count from its ')'). */
function cpuMs(path: string): number {
  try {
    const fields = readFileSync(`/proc/${path}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU of every process whose command name is one of `names`, in ms (those alive now). */
function serversMs(names: string[]): Record<string, number> {
  const out = Object.fromEntries(names.map((n) => [n, 0]));
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    let comm = '';
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm in out) out[comm]! += cpuMs(pid);
  }
  return out;
}

/** CPU time of the PostgreSQL server processes alive now, in ms. */
export const postgresCpuMs = () => serversMs(['postgres']).postgres ?? 0;

export function sampleServer(): ServerSample {
  const servers = serversMs(['postgres', 'redis-server']);
  // The main thread's task id is the process id.
  const mainMs = cpuMs(`self/task/${process.pid}`);
  return {
    statements: sqlStatementsSent(),
    mainMs,
    otherThreadsMs: cpuMs('self') - mainMs,
    postgresMs: servers.postgres ?? 0,
    redisMs: servers['redis-server'] ?? 0,
  };
}

/** CPU time of the calling thread so far, in ms. */
export const threadCpuMs = () => cpuMs('thread-self');

/**
 * "per message: 2.1 SQL statements; CPU 1.20 ms main thread, 0.50 ms other threads (0.30 ms the
 * bench's clients), 0.80 ms PostgreSQL, 0.10 ms Redis". clientsMs: what the bench's own client
 * thread in this process spent meanwhile (the rest of the other threads is V8's compiler and
 * garbage collector helpers and libuv's pool).
 */
export function costPer(from: ServerSample, to: ServerSample, count: number, what: string, clientsMs?: number): string {
  const perOne = (ms: number) => (ms / Math.max(1, count)).toFixed(2);
  const per = (a: number, b: number) => perOne(b - a);
  const clients = clientsMs === undefined ? '' : ` (${perOne(clientsMs)} ms the bench's clients)`;
  return (
    `per ${what}: ${per(from.statements, to.statements)} SQL statements; CPU ${per(from.mainMs, to.mainMs)} ms ` +
    `server main thread, ${per(from.otherThreadsMs, to.otherThreadsMs)} ms other threads${clients}, ` +
    `${per(from.postgresMs, to.postgresMs)} ms PostgreSQL, ${per(from.redisMs, to.redisMs)} ms Redis`
  );
}
