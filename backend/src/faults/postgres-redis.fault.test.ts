import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { conversationBetween } from '@testing/chat';
import { testClip } from '@testing/clips';
import { connectSocket, nextEvent } from '@testing/sockets';
import type { Socket } from 'socket.io-client';

import { SqlEventStore } from '../platform/event-store/sql.event-store';
import { PgSqlClient } from '../platform/sql/pg.sql-client';
import { postgresReachable, TEST_DATABASE_URL } from '../platform/testing/services';
import { type AppProcess, appProcesses } from '../testing/app-processes';
import { registerMemberAt, sameBrowserAt, sessionCookieAt } from '../testing/http-members';
import { type OwnRedis, ownRedis } from './own-redis';
import { readBack } from './read-back';
import { until } from './until';
import { WriteLedger } from './write-ledger';
import { writeLoad } from './write-load';

const ROOT = resolve(__dirname, '../../..');
// Four processes starting at once on a busy 2-core machine took up to a minute.
const READY_MS = 120_000;

/** The process ids of a process's children (its ffmpeg), read before it is killed. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Issue 21, fault injection on PostgreSQL + Redis, with real processes: two API processes, one
 * projections process and one workers process (each `node` on the app's entry point, as the
 * compose stack runs them) on a fresh schema, and a redis-server of this suite's own. Under a
 * steady write load (messages, posts, comments, likes, image messages) it SIGKILLs the projections
 * process and an API process, the worker in the middle of a transcode, and Redis itself, starting
 * each again. Afterwards every write answered 2xx is there exactly once, nothing refused is there,
 * nothing is there twice, every upload is processed once, `projections:verify` finds no drift,
 * and jobs and socket pushes flow again after the Redis restart.
 *
 * Leases and job locks are short here (PROJECTION_LEASE_TTL_MS, JOB_LOCK_MS) so that a survivor
 * takes over within seconds; in production they are 15 s and 30 s.
 */
// Registered where PostgreSQL answers, like every PostgreSQL suite (with CI set, an unreachable one
// fails the run); a missing redis-server then fails here loudly rather than skipping quietly.
(postgresReachable() ? describe : () => undefined)(
  'faults on PostgreSQL + Redis: SIGKILLed processes and a Redis restart (real processes)',
  () => {
    const id = randomBytes(4).toString('hex');
    const schema = `t_faults_${id}`;
    const apps = appProcesses();
    const ledger = new WriteLedger();
    let redis: OwnRedis;
    let dir: string;
    let env: Record<string, string>;
    const sockets: Socket[] = [];
    let stopLoad: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dc-faults-'));
      redis = await ownRedis();
      env = {
        DATABASE_URL: TEST_DATABASE_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: `dc-test-faults-${id}`,
        // One media directory for the API (uploads) and the workers (transcodes), as in compose.
        MEDIA_DIR: join(dir, 'media'),
        TRUST_PROXY: 'true',
        PROJECTION_LEASE_TTL_MS: '2000',
        JOB_LOCK_MS: '3000',
        // As the API suites: on a busy machine 2 s ran out at sign-up, which then answered 404 after
        // its events were appended (the degraded-mode point of issue 21, not this suite's subject).
        READ_YOUR_WRITES_TIMEOUT_MS: '10000',
        // Seven processes over the run on a PostgreSQL shared with other suites (max_connections 100).
        DATABASE_POOL_MAX: '6',
      };
    }, 30_000);

    afterAll(async () => {
      for (const s of sockets) s.close();
      try {
        await stopLoad();
        await apps.stopAll(5000);
      } finally {
        await redis?.stop();
        const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
        await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await sql.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);

    it('loses and doubles no acknowledged write, upload or push across four kinds of crash', async () => {
      const t0 = Date.now();
      const timeline: string[] = [];
      const mark = (what: string) => {
        timeline.push(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);
        if (process.env.FAULTS_VERBOSE) process.stderr.write(`${timeline.at(-1)}\n`);
      };
      const fail = (what: string) => (err: Error) => {
        throw new Error(`${what}: ${err.message}\n${timeline.join('\n')}\n${apps.report()}`);
      };
      // A clip whose transcode lasts long enough to be cut (4:4:4 H.264 is not web-safe).
      const clip = testClip({ size: '640x360', rate: 25, seconds: 8, picture: 'testsrc2', pixels: 'yuv444p' }).bytes;
      const workerTmp = join(dir, 'worker-tmp');
      mkdirSync(workerTmp);

      const started = await Promise.allSettled([
        apps.start('api', { env, name: 'api 1', readyTimeoutMs: READY_MS }),
        apps.start('api', { env, name: 'api 2', readyTimeoutMs: READY_MS }),
        apps.start('projections', { env, name: 'projections', readyTimeoutMs: READY_MS }),
        apps.start('workers', { env: { ...env, TMPDIR: workerTmp }, name: 'workers', readyTimeoutMs: READY_MS }),
      ]);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      const [first1, api2, first3, first4] = started.map((s) => (s as PromiseFulfilledResult<AppProcess>).value);
      let [api1, projections, workers] = [first1!, first3!, first4!];
      const live = new Set([api1.url!, api2!.url!]);
      mark('started 4 processes');

      const [a, b, c, d] = await Promise.all([
        registerMemberAt(api1.url!),
        registerMemberAt(api2!.url!),
        registerMemberAt(api1.url!),
        registerMemberAt(api2!.url!),
      ]);
      const ab = await conversationBetween(a!, b!);
      const cd = await conversationBetween(c!, d!);
      const members = [
        { member: a!, conversationId: ab },
        { member: b!, conversationId: ab },
        { member: c!, conversationId: cd },
        { member: d!, conversationId: cd },
      ];
      // B listens on API 2 for the whole run: pushes reach it from the projections process via Redis.
      const bSocket = await connectSocket(api2!.url!, sessionCookieAt(b!));
      sockets.push(bSocket);
      mark('members registered, socket connected');

      const load = writeLoad({
        ledger,
        members,
        urls: () => [...live],
        maxWrites: 1500,
        maxMs: 100_000,
        uploadEvery: 12,
        pauseMs: 20,
      });
      stopLoad = load.stop;
      const sentBy = async (n: number) => {
        while (load.sent() < n && !load.ended()) await new Promise((r) => setTimeout(r, 20));
      };

      // Once the load runs: a video message whose transcode (a few seconds) the worker is killed in.
      await until(
        async () => load.sent() >= 30 || load.ended(),
        (yes) => yes,
        'the load to run',
        60_000,
      ).catch(fail('load'));
      const videoTag = ledger.tag('upload');
      const video = ledger.send(
        { kind: 'upload', tag: videoTag, target: ab, by: a!.id },
        () =>
          sameBrowserAt(a!, api2!.url!)
            .agent.post('/api/messages')
            .set('X-CSRF-Token', a!.token)
            .field('conversationId', ab)
            .field('content', videoTag)
            .attach('media', clip, 'clip.mp4'),
        (body) => ((body.media as { id?: string } | null)?.id as string) ?? null,
      );
      const transcoding = () =>
        readdirSync(workerTmp).some((d) => d.startsWith('dc-media-') && existsSync(join(workerTmp, d, 'video.mp4')));
      await until(
        async () => transcoding(),
        (yes) => yes,
        'the worker to start transcoding the video',
        30_000,
      ).catch(fail('transcode'));
      expect((await video).outcome).toBe('acked');

      // 1-3. Within a few milliseconds, under the write load: the worker mid-transcode (with its
      // ffmpeg, as a container's processes die together), the projections process in the middle
      // of its batches, and API 1 with writes in flight. Then all three again, in parallel (a
      // process start takes several seconds on a busy 2-core machine).
      const ffmpegs = childrenOf(workers.pid);
      process.kill(workers.pid, 'SIGKILL');
      for (const pid of ffmpegs) process.kill(pid, 'SIGKILL');
      process.kill(projections.pid, 'SIGKILL');
      live.delete(api1.url!);
      process.kill(api1.pid, 'SIGKILL');
      ledger.faults += 3;
      mark('killed the worker mid-transcode, projections and API 1');
      [workers, projections, api1] = await Promise.all([
        apps.start('workers', {
          env: { ...env, TMPDIR: workerTmp },
          name: 'workers (again)',
          readyTimeoutMs: READY_MS,
        }),
        apps.start('projections', { env, name: 'projections (again)', readyTimeoutMs: READY_MS }),
        apps.start('api', { env, name: 'api 1 (again)', readyTimeoutMs: READY_MS }),
      ]).catch(fail('restarting the worker, projections and API 1'));
      live.add(api1.url!);
      mark('worker, projections and API 1 up again');

      // 4. Redis, killed and started again on its port with its append-only file.
      await sentBy(load.sent() + 15);
      await redis.kill();
      ledger.faults++;
      await new Promise((r) => setTimeout(r, 1000));
      await redis.start();
      mark('Redis killed and up again');

      // Socket fan-out recovers: a message from A through API 1 reaches B's socket on API 2 (the
      // push leaves the projections process through Redis). The adapters resubscribe on their own.
      const aAt1 = sameBrowserAt(a!, api1.url!);
      await until(
        async () => {
          const tag = ledger.tag('message');
          const pushed = nextEvent(bSocket, 'new_message', (m) => m.content === tag, 3000).then(
            () => true,
            () => false,
          );
          const w = await ledger.send({ kind: 'message', tag, target: ab, by: a!.id }, () =>
            aAt1.agent.post('/api/messages').set('X-CSRF-Token', a!.token).send({ conversationId: ab, content: tag }),
          );
          return w.outcome === 'acked' && (await pushed);
        },
        (ok) => ok,
        'a push across processes after the Redis restart',
        20_000,
      ).catch(fail('fan-out after the Redis restart'));
      mark('push across processes after the Redis restart');

      await load.stop();
      mark('load stopped');

      // Jobs recover: every acknowledged upload (before, during and after the restart, and the
      // video whose worker died) is processed, exactly once.
      const uploads = ledger.acked('upload');
      const processedTwice: string[] = [];
      const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
      const events = await SqlEventStore.create(sql, { pollIntervalMs: 1000 });
      try {
        const processedCount = async (mediaId: string) =>
          (await events.readStream(`media-${mediaId}`)).filter((e) => e.type === 'MediaProcessed').length;
        await until(
          async () => Promise.all(uploads.map((u) => processedCount(u.id!))),
          (counts) => counts.every((n) => n >= 1),
          'every acknowledged upload processed',
          40_000,
        ).catch(fail('uploads'));
        for (const u of uploads) if ((await processedCount(u.id!)) !== 1) processedTwice.push(u.id!);
      } finally {
        await events.close();
        await sql.close();
      }

      mark('uploads processed');
      // Every acknowledged write there exactly once; nothing refused there; nothing twice. Read
      // through API 2 (API 1's first address died with it).
      const { likes, notReady, ...final } = await readBack(ledger, members, api2!.url!);
      mark('read back');
      if (process.env.FAULTS_VERBOSE) console.log(JSON.stringify({ final, likes, notReady }, null, 1).slice(0, 5000));

      // projections:verify, as an operator runs it, on the same stores.
      const verify = await new Promise<{ code: number | null; out: string }>((done) => {
        const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'backend/projections/social/verify-cli.ts'], {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, ...env, DATA_DIR: join(dir, 'verify') },
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
          'fault injection (PostgreSQL + Redis):',
          `  faults injected: ${f.faults} (SIGKILL projections, SIGKILL API under load, SIGKILL worker mid-transcode, Redis SIGKILL + restart)`,
          `  writes sent: ${f.sent}; acknowledged: ${f.acked}; refused: ${f.refused}; outcome unknown (connection cut): ${f.unknown}`,
          `  uploads acknowledged: ${uploads.length}, processed more than once: ${processedTwice.length}`,
          `  writes lost: ${final.lost.length}; doubles: ${final.doubled.length}; refused but present: ${final.unexpected.length}`,
          `  likes out of range: ${likes.length}; uploads not ready: ${notReady.length}`,
          `  timeline: ${timeline.join('; ')}`,
          `  projections:verify: exit ${verify.code}; ${verify.out.trim().split('\n').slice(-2).join(' | ')}`,
        ].join('\n'),
      );
      expect(final.lost).toEqual([]);
      expect(processedTwice).toEqual([]);
      expect(final.doubled).toEqual([]);
      expect(final.unexpected).toEqual([]);
      expect(likes).toEqual([]);
      expect(notReady.map((u) => u.id)).toEqual([]);
      expect(verify.out).toMatch(/No drift/);
      expect(verify.code).toBe(0);
      // The load really ran through the faults: writes were acknowledged before the first, between
      // the processes' kill (3 faults) and Redis's (the 4th), and after it. Not a count: a fast
      // machine gets through the whole run with fewer than a hundred.
      expect(ledger.ackedStretches()).toEqual([0, 3, 4]);
      expect(f.acked).toBeGreaterThan(40);
      void workers;
    }, 300_000);
  },
);
