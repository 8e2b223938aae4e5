import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import type { Role } from '../platform/config';

const ROOT = resolve(__dirname, '../../..');
const CHILD_ENTRY = 'backend/src/testing/app-process.child.ts';
/** Lines of output kept per process, for failure messages. */
const KEPT_LINES = 60;

export interface AppProcess {
  role: Role;
  /** A name for messages, e.g. "process 1 (api)". */
  name: string;
  pid: number;
  /** http://127.0.0.1:<port> for roles with HTTP (api, all), else null. */
  url: string | null;
  /** The last lines the process wrote (stdout and stderr). */
  output(): string;
  /** True once the process has exited. */
  exited(): boolean;
}

interface Tracked extends AppProcess {
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Called with every complete line of output. */
  onLine: Set<(line: string) => void>;
}

export interface StartOptions {
  /** Environment on top of the test defaults (stores, prefixes, settings). */
  env: Record<string, string>;
  /** Name used in messages; defaults to the role. */
  name?: string;
  /** Bound on the start-up (compile, migrations, listen). */
  readyTimeoutMs?: number;
}

/**
 * A free loopback port for a process started later. Picked below the kernel's ephemeral range, which
 * every listen(0) in the run (each test app, each client socket) draws from: a port found free by
 * listen(0) and released could be handed to another suite's app before ours bound it, and main.test
 * once asked that app for its health. Checked free by binding it; it is still released before the
 * app binds it, hence the retry in start.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port found below ${low}`);
}

function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 20_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolveBound) => {
    const srv = createServer();
    srv.once('error', () => resolveBound(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolveBound(true)));
  });
}

function describeExit(e: { code: number | null; signal: NodeJS.Signals | null }) {
  return e.signal ? `signal ${e.signal}` : `code ${e.code}`;
}

/**
 * Real app processes for a test: each is `node scripts/run-ts.mjs` on the app's entry point
 * (backend/src/main.ts, through app-process.child.ts) with its ROLE, on a port of its own.
 * `start` resolves once the process is ready: GET /api/auth/health answers 200 (api, all) or the
 * process logged that it runs (projections, workers). `stopAll` (for afterAll) sends SIGTERM,
 * then SIGKILL after a grace period, and resolves only once every process has exited.
 */
export function appProcesses() {
  const procs: Tracked[] = [];
  const usedPorts = new Set<number>();
  // The processes' DATA_DIRs (unused with shared stores, but never the repository's ./data).
  let dataDir: string | null = null;

  async function uniquePort() {
    for (;;) {
      const port = await freePort();
      if (!usedPorts.has(port)) {
        usedPorts.add(port);
        return port;
      }
    }
  }

  function spawnApp(role: Role, name: string, env: Record<string, string>, port: number | null): Tracked {
    dataDir ??= mkdtempSync(join(tmpdir(), 'dc-procs-'));
    const child = spawn(process.execPath, ['scripts/run-ts.mjs', CHILD_ENTRY], {
      cwd: ROOT,
      // Only what the app needs: nothing from the developer's shell decides the stores.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        NODE_ENV: 'test',
        SEED: 'false',
        // The tests follow mail links through GET /api/dev/outbox.
        DEV_ROUTES: 'true',
        FRONTEND_DIST: join(dataDir, 'no-frontend'),
        DATA_DIR: join(dataDir, name.replace(/\W+/g, '-')),
        SHUTDOWN_TIMEOUT_MS: '5000',
        ...env,
        // Readiness of a role without HTTP is read from its info log.
        LOG_LEVEL: 'info',
        ROLE: role,
        HOST: '127.0.0.1',
        ...(port ? { PORT: String(port) } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const lines: string[] = [];
    let partial = '';
    const listeners = new Set<(line: string) => void>();
    const take = (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (lines.length > KEPT_LINES) lines.shift();
        for (const l of listeners) l(line);
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    let hasExited = false;
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
      child.once('exit', (code, signal) => {
        hasExited = true;
        resolveExit({ code, signal });
      }),
    );
    // An unexpected exit is reported by whoever waits on the process; never an unhandled error here.
    child.on('error', (err) => lines.push(`spawn error: ${err.message}`));
    const tracked: Tracked = {
      role,
      name,
      pid: child.pid!,
      url: port ? `http://127.0.0.1:${port}` : null,
      output: () => [...lines, partial].join('\n'),
      exited: () => hasExited,
      child,
      exit,
      onLine: listeners,
    };
    procs.push(tracked);
    return tracked;
  }

  /** Resolves when the process is ready; rejects with its output if it exits or the bound passes. */
  async function ready(p: Tracked, timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    let cancelled = false;
    const exited = p.exit.then((e) => {
      throw new Error(
        `${p.name} (pid ${p.pid}) exited with ${describeExit(e)} before it was ready; its output:\n${p.output()}`,
      );
    });
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`${p.name} (pid ${p.pid}) was not ready within ${timeoutMs} ms; its output:\n${p.output()}`),
          ),
        timeoutMs,
      );
    });
    const up: Promise<void> = p.url
      ? (async () => {
          // Nothing to listen to until the port is bound: ask the health check every 50 ms.
          while (!cancelled) {
            try {
              const res = await fetch(`${p.url}/api/auth/health`, { signal: AbortSignal.timeout(2000) });
              if (res.ok) return;
            } catch {
              // not listening yet
            }
            await new Promise((r) => setTimeout(r, 50));
          }
        })()
      : new Promise<void>((resolveUp) => {
          // main.ts logs this once a role without HTTP has started.
          const onLine = (line: string) => {
            if (line.includes('"msg":"DeenConnect is running"')) {
              p.onLine.delete(onLine);
              resolveUp();
            }
          };
          p.onLine.add(onLine);
          if (p.output().includes('"msg":"DeenConnect is running"')) resolveUp();
        });
    try {
      await Promise.race([up, exited, timedOut]);
    } finally {
      cancelled = true;
      clearTimeout(timer);
      exited.catch(() => undefined);
    }
  }

  return {
    /**
     * Starts one app process and waits until it is ready. The process is tracked from the moment it
     * is spawned, so `stopAll` ends it even when this rejects. A port taken in the meantime by
     * someone else is retried on another port.
     */
    async start(role: Role, options: StartOptions): Promise<AppProcess> {
      const name = options.name ?? role;
      const http = role === 'api' || role === 'all';
      for (let attempt = 1; ; attempt++) {
        const p = spawnApp(role, name, options.env, http ? await uniquePort() : null);
        try {
          await ready(p, options.readyTimeoutMs ?? 60_000);
          return p;
        } catch (err) {
          if (attempt < 3 && p.exited() && /EADDRINUSE/.test(p.output())) continue;
          throw err;
        }
      }
    },

    /** The state and last output lines of every process, to append to a failure message. */
    report(): string {
      return procs
        .map(
          (p) =>
            `--- ${p.name} (pid ${p.pid}${p.url ? `, ${p.url}` : ''}): ${p.exited() ? 'exited' : 'running'}\n${p.output()}`,
        )
        .join('\n');
    },

    /**
     * SIGTERM to every process still running, SIGKILL to those not gone after `graceMs`; resolves
     * once all have exited, with how each ended. Also removes the processes' data directory.
     */
    async stopAll(graceMs = 10_000): Promise<{ name: string; pid: number; exit: string; killed: boolean }[]> {
      const results = await Promise.all(
        procs.map(async (p) => {
          let killed = false;
          if (!p.exited()) {
            p.child.kill('SIGTERM');
            const graceful = await Promise.race([
              p.exit.then(() => true),
              new Promise<boolean>((r) => setTimeout(() => r(false), graceMs).unref()),
            ]);
            if (!graceful) {
              killed = true;
              p.child.kill('SIGKILL');
            }
          }
          const e = await p.exit;
          return { name: p.name, pid: p.pid, exit: describeExit(e), killed };
        }),
      );
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      return results;
    },
  };
}

export type AppProcesses = ReturnType<typeof appProcesses>;
