import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from './testing/app-processes';

const ROOT = join(__dirname, '../..');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'backend/src/main.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Start-up speed is the cold-start bench's matter: a loaded machine took over 30 s here to answer. */
async function waitForHealth(port: number, run: Run) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/health`);
      if (res.ok) return (await res.json()) as Record<string, string>;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no health answer; output:\n${run.output()}`);
}

describe('main: the process entry point', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'dc-main-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a bad setting at start-up, naming the variable', async () => {
    const run = start({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/PORT must be a whole number \(got "abc"\)/);
  });

  it('refuses a split role on the embedded database, naming what to set', async () => {
    const run = start({ DATA_DIR: dataDir }, ['projections']);
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/DATABASE_URL is required when ROLE=projections/);
  });

  it('serves, keeps a second process off its data, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const run = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FRONTEND_DIST: join(dataDir, 'none'),
      SEED: 'false',
    });
    try {
      expect(await waitForHealth(port, run)).toMatchObject({ status: 'ok', eventStore: 'pglite', queue: 'in-process' });

      const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by process/);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toMatch(/"msg":"shutting down"/);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 150_000);
});
