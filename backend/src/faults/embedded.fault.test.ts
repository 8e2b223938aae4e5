import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { conversationBetween } from '@testing/chat';

import { type AppProcess, appProcesses } from '../testing/app-processes';
import { registerMemberAt } from '../testing/http-members';
import { readBack } from './read-back';
import { until } from './until';
import { WriteLedger } from './write-ledger';
import { writeLoad } from './write-load';

const ROOT = resolve(__dirname, '../../..');
const KILLS = 1;
// A fresh PGlite database creates every read model's tables: over a minute was seen on a busy 2-core machine.
const READY_MS = 120_000;

/**
 * Issue 21, the same crash on the embedded profile (PGlite, in-process queue, one process): the
 * app (ROLE=all) is SIGKILLed under a write load and started again on its data directory.
 * Every write answered 2xx is there afterwards, exactly once; nothing refused is there; every
 * acknowledged upload is processed (the in-process queue is requeued from the read model on
 * start); and `projections:verify` finds no drift once the app has stopped.
 */
describe('faults on the embedded profile: the app SIGKILLed under write load (real process)', () => {
  const apps = appProcesses();
  const ledger = new WriteLedger();
  let dir: string;
  let stopLoad: () => Promise<void> = async () => undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dc-faults-embedded-'));
  });

  afterAll(async () => {
    try {
      await stopLoad();
      await apps.stopAll(5000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps every acknowledged write, once, across a SIGKILL', async () => {
    const env = { DATA_DIR: join(dir, 'data'), TRUST_PROXY: 'true' };
    const fail = (what: string) => (err: Error) => {
      throw new Error(`${what}: ${err.message}\n${apps.report()}`);
    };
    let app: AppProcess = await apps.start('all', { env, name: 'app', readyTimeoutMs: READY_MS });
    const live: string[] = [app.url!];
    const [a, b] = await Promise.all([registerMemberAt(app.url!), registerMemberAt(app.url!)]);
    const ab = await conversationBetween(a!, b!);
    const members = [
      { member: a!, conversationId: ab },
      { member: b!, conversationId: ab },
    ];
    const load = writeLoad({
      ledger,
      members,
      urls: () => live,
      maxWrites: 600,
      maxMs: 90_000,
      uploadEvery: 10,
      pauseMs: 10,
    });
    stopLoad = load.stop;

    for (let kill = 0; kill < KILLS; kill++) {
      const target = load.sent() + 25;
      await until(
        async () => load.sent() >= target || load.ended(),
        (yes) => yes,
        'writes before the kill',
        30_000,
      );
      live.length = 0;
      process.kill(app.pid, 'SIGKILL');
      ledger.faults++;
      // The same data directory: the dead process's lock must not keep the new one out.
      app = await apps
        .start('all', { env, name: 'app', readyTimeoutMs: READY_MS })
        .catch(fail(`starting again after kill ${kill + 1}`));
      live.push(app.url!);
    }
    // Some writes to the last process too, then the load stops.
    const after = load.sent() + 20;
    await until(
      async () => load.sent() >= after || load.ended(),
      (yes) => yes,
      'writes after the last restart',
      30_000,
    );
    await load.stop();

    const uploads = ledger.acked('upload');
    const { likes, ...result } = await readBack(ledger, members, app.url!);

    // projections:verify opens the embedded database itself: only once the app has stopped.
    await apps.stopAll(10_000);
    const verify = await new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'backend/projections/social/verify-cli.ts'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (x: Buffer) => (out += x.toString()));
      child.stderr!.on('data', (x: Buffer) => (out += x.toString()));
      child.once('exit', (code) => done({ code, out }));
    });

    const f = ledger.figures();
    console.log(
      [
        'fault injection (embedded, PGlite):',
        `  faults injected: ${f.faults} (SIGKILL of the app under write load)`,
        `  writes sent: ${f.sent}; acknowledged: ${f.acked}; refused: ${f.refused}; outcome unknown (connection cut): ${f.unknown}`,
        `  uploads acknowledged: ${uploads.length}; not ready: ${result.notReady.length}`,
        `  writes lost: ${result.lost.length}; doubles: ${result.doubled.length}; refused but present: ${result.unexpected.length}; likes out of range: ${likes.length}`,
        `  projections:verify: exit ${verify.code}; ${verify.out.trim().split('\n').slice(-2).join(' | ')}`,
      ].join('\n'),
    );
    expect(result.lost).toEqual([]);
    expect(result.doubled).toEqual([]);
    expect(result.unexpected).toEqual([]);
    expect(result.notReady.map((u) => u.id)).toEqual([]);
    expect(likes).toEqual([]);
    expect(verify.out).toMatch(/No drift/);
    expect(verify.code).toBe(0);
    expect(f.acked).toBeGreaterThan(40);
    // Before each kill and after the last restart.
    expect(ledger.ackedStretches()).toEqual([...Array(KILLS + 1).keys()]);
  }, 300_000);
});
