import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import IORedis from 'ioredis';

import { freePort } from '../testing/app-processes';

/**
 * A redis-server of the test's own, on a free loopback port, so that it can be killed and started
 * again without touching the Redis other suites share. Like the compose service it keeps an
 * append-only file (queued jobs survive a restart), with no RDB snapshots.
 */
export interface OwnRedis {
  url: string;
  /** SIGKILL, as a crashed or OOM-killed server; resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory; resolves once it answers PING. */
  start(): Promise<void>;
  /** Ends it (if running) and removes its data directory. */
  stop(): Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'dc-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => c.once('exit', () => resolve()));

  async function start() {
    output = '';
    const c = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--dir',
        dir,
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = c;
    c.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    c.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const probe = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        if (c.exitCode !== null) throw new Error(`redis-server on ${port} exited: ${output}`);
        try {
          if (probe.status !== 'ready') await probe.connect();
          // The AOF is loaded before the server answers anything but LOADING.
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          probe.disconnect();
        }
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer: ${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      probe.disconnect();
    }
  }

  await start();
  return {
    url,
    start,
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child) {
        child.kill('SIGKILL');
        await exited(child);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
