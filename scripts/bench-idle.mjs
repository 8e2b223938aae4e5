#!/usr/bin/env node
// `npm run bench:idle`: what the app costs while nobody uses it. The built app is started as
// `npm start` starts it (scripts/app-env.mjs) in each shape below, left to finish its start-up work
// (the demo seed; see settle), and then watched for BENCH_IDLE_SECONDS (default 60): CPU as a share of one core
// (every thread of the process), resident memory at the end and, on PostgreSQL, the transactions
// it ran per second. A bare Fastify process measured the same way in the same run is the floor.
//
//   embedded, first start   PGlite in a fresh data directory: the demo seed runs first
//   embedded, restart       the same directory again (no seed)
//   postgres, one process   PostgreSQL + Redis, ROLE=all, its own database, seeded
//   postgres, split         the same database: ROLE=api, projections and workers processes
//
// Targets (issue 39): every process at most 0.5 % of a core; the embedded app at most 300 MB.
//   BENCH_SHAPES=embedded,postgres  BENCH_IDLE_SECONDS=30  npm run bench:idle
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import IORedis from 'ioredis';
import pg from 'pg';

import { appEnv } from './app-env.mjs';
import { cpuSeconds, freePort, residentMb } from './bench-app.mjs';
import { buildIfStale, ROOT, SERVER_ENTRY } from './build-if-stale.mjs';

const SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const SHAPES = (process.env.BENCH_SHAPES ?? 'embedded,postgres').split(',');
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET = { cpuPercent: 0.5, embeddedMb: 300 };

const BARE_FASTIFY = `
const app = require('fastify')();
app.get('/api/ready', async () => ({ ok: true }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function start(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env });
  let errors = '';
  child.stderr.on('data', (d) => (errors = (errors + d).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name,
    pid: child.pid,
    alive: () => child.exitCode === null && child.signalCode === null,
    errors: () => errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function untilReady(proc, port) {
  for (const until = Date.now() + 300_000; Date.now() < until; ) {
    if (!proc.alive()) throw new Error(`${proc.name} exited:\n${proc.errors()}`);
    if (port === null) return;
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${proc.name} never became ready`);
}

function app(name, env, role = 'all') {
  return async () => {
    const port = role === 'all' || role === 'api' ? await freePort() : null;
    const proc = start(
      name,
      [SERVER_ENTRY],
      appEnv({
        PATH: process.env.PATH,
        HOME: process.env.HOME ?? tmpdir(),
        LOG_LEVEL: 'warn',
        ROLE: role,
        ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
        ...env,
      }),
    );
    await untilReady(proc, port);
    return proc;
  };
}

/**
 * Until start-up's tail is over for every process: the seed's last jobs, V8 compiling what start-up
 * made hot (PGlite's WASM among it) and, about half a minute into the quiet, its memory reducer's
 * full collections of the heap start-up grew (~0.5 s at once, twice or more). Settled: two minutes
 * of ten-second windows in a row under 1 % of a core each (at most ten minutes).
 */
async function settle(procs) {
  let calm = 0;
  for (const until = Date.now() + 600_000; calm < 12 && Date.now() < until; ) {
    const before = procs.map((p) => cpuSeconds(p.pid));
    await new Promise((r) => setTimeout(r, 10_000));
    const busy = procs.some((p, i) => (cpuSeconds(p.pid) - before[i]) / 10 >= 0.01);
    calm = busy ? 0 : calm + 1;
  }
}

/** Starts the processes, lets them settle, watches them; prints one line per process. */
async function measure(shape, starters, transactions) {
  const procs = [];
  try {
    for (const s of starters) procs.push(await s());
    await settle(procs);
    const before = procs.map((p) => cpuSeconds(p.pid));
    const xacts = transactions ? await transactions() : null;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const xactsPerSecond = transactions ? ((await transactions()) - xacts) / SECONDS : null;
    procs.forEach((p, i) => {
      const cpu = ((cpuSeconds(p.pid) - before[i]) / SECONDS) * 100;
      const cells = [
        shape.padEnd(24),
        p.name.padEnd(12),
        `${cpu.toFixed(2).padStart(6)} %`,
        `${residentMb(p.pid).toFixed(0).padStart(5)} MB`,
        i === 0 && xactsPerSecond !== null ? `${xactsPerSecond.toFixed(1).padStart(6)} xact/s` : '',
      ];
      console.log(cells.join('  '));
    });
  } finally {
    for (const p of procs.reverse()) await p.stop();
  }
}

async function main() {
  buildIfStale('server');
  console.log(
    `idle for ${SECONDS} s after start-up; targets: <= ${TARGET.cpuPercent} % of a core, embedded <= ${TARGET.embeddedMb} MB`,
  );
  console.log(['shape'.padEnd(24), 'process'.padEnd(12), '     CPU', '     RSS', '  database'].join('  '));
  const bare = async () => {
    const port = await freePort();
    const proc = start('fastify', ['-e', BARE_FASTIFY], { PATH: process.env.PATH, PORT: String(port) });
    await untilReady(proc, port);
    return proc;
  };
  await measure('bare Fastify (floor)', [bare]);

  if (SHAPES.includes('embedded')) {
    const dir = mkdtempSync(join(tmpdir(), 'dc-bench-idle-'));
    const env = { NODE_ENV: 'development', DATA_DIR: join(dir, 'store') };
    try {
      await measure('embedded, first start', [app('all', env)]);
      await measure('embedded, restart', [app('all', env)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  if (SHAPES.includes('postgres')) {
    const database = `bench_idle_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${database}`;
    const transactions = async () => {
      // Statistics reach the view within a second or so of a transaction's end.
      await new Promise((r) => setTimeout(r, 1500));
      const { rows } = await admin.query(
        'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
        [database],
      );
      return Number(rows[0].n);
    };
    const env = { NODE_ENV: 'development', DATABASE_URL: url.href, REDIS_URL, QUEUE_PREFIX: database };
    const dir = mkdtempSync(join(tmpdir(), 'dc-bench-idle-'));
    try {
      await measure('postgres, one process', [app('all', { ...env, DATA_DIR: join(dir, 'one') })], transactions);
      const split = { ...env, SEED: 'false' };
      await measure(
        'postgres, split',
        [
          app('api', { ...split, DATA_DIR: join(dir, 'api') }, 'api'),
          app('projections', { ...split, DATA_DIR: join(dir, 'projections') }, 'projections'),
          app('workers', { ...split, DATA_DIR: join(dir, 'workers') }, 'workers'),
        ],
        transactions,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
      const redis = new IORedis(REDIS_URL);
      const keys = await redis.keys(`${database}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
