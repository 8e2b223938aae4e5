/**
 * What the HTTP benchmarks share: an app on its own PostgreSQL schema, the load generator run as a
 * separate process (load-tests/loopback.ts, so it does not share the event loop with the server
 * it measures), a line of figures, and posts written straight through the post decider (posting
 * over HTTP would time sign-in and validation, not the read being measured).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { postStream } from '@modules/social/events';

import type { LoadFigures } from '../../load-tests/loopback';
import { postDecider } from '../modules/social/domain/post.decider';
import { type AppConfig, loadConfig } from '../src/platform/config';
import type { StreamAppend } from '../src/platform/event-store/event-store.port';
import { createLogger } from '../src/platform/logging';
import { PgSqlClient } from '../src/platform/sql/pg.sql-client';
import { type Runtime, startRuntime } from '../src/runtime';

export const ROOT = join(__dirname, '../..');
/** A deterministic pseudo-random sequence (mulberry32), so every run builds the same data. */
export function seededSequence(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchApp {
  runtime: Runtime;
  config: AppConfig;
  schema: string;
  /** True when the schema was kept by an earlier run (BENCH_SCHEMA): its data is already there. */
  reused: boolean;
  /** Runs SQL on the bench's database (e.g. ANALYZE after a bulk load). */
  sql: PgSqlClient;
  /** Shuts the app down and drops its schema (kept with BENCH_KEEP=1, to look at afterwards). */
  close(): Promise<void>;
}

/**
 * The whole app (api, projections, workers) in production mode on a fresh schema of its own, or on
 * the schema named by BENCH_SCHEMA (one kept by an earlier run with BENCH_KEEP=1: `reused`, not
 * seeded again, never dropped).
 */
export async function startBenchApp(name: string, port: number): Promise<BenchApp> {
  const reused = process.env.BENCH_SCHEMA ?? null;
  const schema = reused ?? `bench_${name}_${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    SEED: 'false',
    // One load generator on one address measures throughput; the rate limits would refuse most of it.
    RATE_LIMITS: 'off',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const runtime = await startRuntime(config, createLogger('warn'));
  const sql = new PgSqlClient({ connectionString: DATABASE_URL });
  return {
    runtime,
    config,
    schema,
    reused: reused !== null,
    sql,
    async close() {
      await runtime.shutdown();
      if (!process.env.BENCH_KEEP && !reused) await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.close();
    },
  };
}

/** 50 keep-alive connections for SECONDS against one URL, or round-robin over a file of URLs. */
export function loadTest(target: { url: string; cookie?: string } | { urlsFile: string }): Promise<LoadFigures> {
  const args =
    'url' in target
      ? [target.url, String(CONNECTIONS), String(SECONDS), ...(target.cookie ? [`--cookie=${target.cookie}`] : [])]
      : ['list', String(CONNECTIONS), String(SECONDS), `--urls=${target.urlsFile}`];
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['scripts/run-ts.mjs', 'load-tests/loopback.ts', ...args, '--json'],
      { cwd: ROOT },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout.trim().split('\n').pop()!) as LoadFigures)),
    ),
  );
}

export const figuresLine = (label: string, f: LoadFigures, width = 38) =>
  `${label.padEnd(width)} ${Math.round(f.requestsPerSecond).toLocaleString('en-US').padStart(7)} req/s   p50 ${f.p50Ms.toFixed(1)} ms   p95 ${f.p95Ms.toFixed(1)} ms   p99 ${f.p99Ms.toFixed(1)} ms   errors ${f.errors}`;

/** The middle of some timings (the upper middle of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Requests/s of a run as a share of the bare server's in the same run: what a noisy machine leaves comparable. */
export const shareOfBare = (f: LoadFigures, bare: LoadFigures) =>
  `${((100 * f.requestsPerSecond) / bare.requestsPerSecond).toFixed(0)}%`;

export interface BenchPost {
  postId: string;
  author: string;
  content: string;
  hashtags: string[];
  createdAt: string;
  /** Posted in a community (PostCreatedData.community). */
  community?: { id: string; private: boolean };
}

/** A text post's creation, decided by the real post decider, ready to append with others. */
export function postAppend(p: BenchPost): StreamAppend {
  const events = postDecider.decide(postDecider.initialState(), {
    type: 'CreatePost',
    post: {
      postId: p.postId,
      userId: p.author,
      type: 'text',
      content: p.content,
      hashtags: p.hashtags,
      mentions: [],
      poll: null,
      quotedPostId: null,
      imageCaptions: [],
      limited: false,
      ...(p.community ? { community: p.community } : {}),
      createdAt: p.createdAt,
    },
  });
  return {
    streamId: postStream(p.postId),
    events: events.map((e) => ({ ...e, metadata: { actor: p.author } })),
    expectedVersion: 'no_stream',
  };
}
