/**
 * npm run bench:feed — the following feed of issue 20: 20 members who all follow each other,
 * 10,000 posts, `GET /api/feed?filter=following&limit=20` read by every member at several cursors
 * (not one URL) over 50 keep-alive connections, on PostgreSQL + Redis, in three deployments:
 * one process with the read-model cache, one process with it off (READ_MODEL_CACHE=off), and the
 * roles split over processes (ROLE=api, projections, workers), each read-only and with writes
 * at a stated rate (likes and new posts through the API). Beside them, in the same run, a bare
 * Fastify server answering a feed page's JSON from memory. Each deployment also serves the load
 * seed's private community's feed (issue 41: a quarter of the posts, every member in it) read the
 * same way, printed beside the home feed it should match.
 *
 * Each row prints the SQL statements the serving process sent per feed request (all of them, and
 * the reads of read-model tables), the serving processes' CPU time per request (less noisy than
 * req/s on a shared machine: the figure to compare two versions of the read path by), and the
 * cache's hit ratio as the share of read statements it saved: one minus the reads per request over those of the cache-off run with the same writes.
 * (Reads of concurrent requests share statements, cache or not, so this is not a count of
 * lookups answered from memory, which the cache layer does not report.)
 *
 * Environment: BENCH_SECONDS (per run, default 10), BENCH_LIKES_PER_S (default 10),
 * BENCH_POSTS_PER_S (default 2), BENCH_PAGES (pages per member, default 5), BENCH_MEMBERS,
 * BENCH_POSTS, BENCH_ONLY (comma-separated deployment keys: cached, uncached, split, split-uncached).
 * The load generator and the writer run in processes of their own; every process shares the
 * machine's cores with PostgreSQL and Redis.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Fastify from 'fastify';

import type { LoadFigures } from '../../load-tests/loopback';
import { LOAD_COMMUNITY } from '../../load-tests/seed-community';
import { PgSqlClient } from '../src/platform/sql/pg.sql-client';
import { benchEnv, DATABASE_URL, dropSchema, newBenchSchema, startFeedRuntime } from './feed/bench-runtime';
import { Deployment, type DeploymentSpec, type SqlCounts } from './feed/deployment';
import { csrfTokens, MEMBERS, POSTS, seedFeedData } from './feed/feed-data';
import { runLoadProcess } from './feed/load-process';
import { startWrites, type WriteFigures, type WriteRates } from './feed/writer';
import { CONNECTIONS, SECONDS, shareOfBare } from './http-bench';
import { postgresCpuMs } from './server-cost';

const PORT = 3399;
const BARE_PORT = 3398;
const PAGES = Number(process.env.BENCH_PAGES ?? 5);
const RATES: WriteRates = {
  likesPerSecond: Number(process.env.BENCH_LIKES_PER_S ?? 10),
  postsPerSecond: Number(process.env.BENCH_POSTS_PER_S ?? 2),
};
const FEED = '/api/feed?filter=following&limit=20';
/** Issue 41: the load seed's private community (every member in it, a quarter of the posts), read the same way. */
const COMMUNITY_FEED = `/api/communities/${LOAD_COMMUNITY}/posts?limit=20`;

const DEPLOYMENTS: (DeploymentSpec & { key: string })[] = [
  { key: 'cached', label: 'one process (ROLE=all), cache on', processes: [{ ROLE: 'all' }] },
  {
    key: 'uncached',
    label: 'one process (ROLE=all), cache off',
    processes: [{ ROLE: 'all', READ_MODEL_CACHE: 'off' }],
  },
  {
    key: 'split',
    label: 'split: api + projections + workers',
    processes: [{ ROLE: 'projections' }, { ROLE: 'workers' }, { ROLE: 'api' }],
  },
  {
    // Issue 20's target: the API process of a split deployment serving every read from the store.
    key: 'split-uncached',
    label: 'split, API cache off',
    processes: [{ ROLE: 'projections' }, { ROLE: 'workers' }, { ROLE: 'api', READ_MODEL_CACHE: 'off' }],
  },
];

interface Row {
  deployment: string;
  /** Which list was read: the home feed's following view, or the community's feed. */
  feed: 'home' | 'community';
  writes: boolean;
  load: LoadFigures;
  sql: SqlCounts;
  /** PostgreSQL's CPU time over the run, in ms (every backend: the serving processes' and the rest's). */
  postgresMs: number;
  written: WriteFigures | null;
}

async function main() {
  const schema = newBenchSchema('feed');
  const bare = Fastify();
  const urlsFile = join(tmpdir(), `${schema}.urls`);
  const communityUrlsFile = join(tmpdir(), `${schema}.community.urls`);
  try {
    const seeded = await seed(schema, urlsFile, communityUrlsFile);
    const only = process.env.BENCH_ONLY?.split(',');
    const rows: Row[] = [];
    console.log(
      `\n${MEMBERS} members all following each other, ${POSTS.toLocaleString('en-US')} posts (through the post decider, ${seeded.seedSeconds.toFixed(1)} s with the sign-ups); ` +
        `${seeded.targets.length} feed URLs (${MEMBERS} members x ${PAGES} pages by cursor); ${CONNECTIONS} connections, ${SECONDS} s per run; ` +
        `writes: ${RATES.likesPerSecond} likes/s + ${RATES.postsPerSecond} posts/s through the API\n`,
    );
    for (const spec of DEPLOYMENTS.filter((d) => !only || only.includes(d.key))) {
      const deployment = await Deployment.start(spec, schema, PORT);
      try {
        await runLoadProcess(seeded.urlsFile, 3); // warm-up: JIT, pools, caches
        for (const writes of [false, true]) {
          const before = await deployment.sqlCounts();
          const postgresBefore = postgresCpuMs();
          const writer = writes
            ? startWrites(
                {
                  base: `http://127.0.0.1:${PORT}`,
                  cookies: seeded.cookies,
                  csrfs: seeded.csrfs,
                  postIds: seeded.postIds,
                },
                RATES,
              )
            : null;
          const load = await runLoadProcess(seeded.urlsFile, SECONDS);
          const written = writer ? await writer.stop() : null;
          const after = await deployment.sqlCounts();
          const postgresMs = postgresCpuMs() - postgresBefore;
          const row: Row = {
            deployment: spec.label,
            feed: 'home',
            writes,
            load,
            sql: {
              statements: after.statements - before.statements,
              reads: after.reads - before.reads,
              cpuMicros: after.cpuMicros - before.cpuMicros,
            },
            postgresMs,
            written,
          };
          rows.push(row);
          console.log(line(row));
        }
        rows.push(await communityRow(deployment, spec.label, seeded.communityUrlsFile));
        console.log(line(rows.at(-1)!));
      } finally {
        await deployment.stop();
      }
    }

    bare.get('/feed', async (_req, reply) => reply.type('application/json').send(seeded.pageBody));
    await bare.listen({ port: BARE_PORT, host: '127.0.0.1' });
    const baseline = await runLoadProcess(null, SECONDS, `http://127.0.0.1:${BARE_PORT}/feed`);
    console.log(
      `${'bare Fastify, same JSON'.padEnd(52)} ${figures(baseline)}  load generator CPU/request ${baseline.clientCpuMsPerRequest.toFixed(2)} ms`,
    );

    console.log('');
    for (const row of rows) {
      if (row.feed === 'community') {
        const home = rows.find((r) => r.feed === 'home' && !r.writes && r.deployment === row.deployment)!;
        console.log(
          `${label(row).padEnd(52)} ${shareOfBare(row.load, baseline).padStart(4)} of bare; ` +
            `${(row.load.requestsPerSecond / home.load.requestsPerSecond).toFixed(2)}x the home feed's req/s, p95 ${row.load.p95Ms.toFixed(1)} ms (home ${home.load.p95Ms.toFixed(1)} ms)`,
        );
        continue;
      }
      const uncached = rows.find(
        (r) => r.feed === 'home' && r.writes === row.writes && r.deployment === DEPLOYMENTS[1]!.label,
      );
      const hit =
        uncached && uncached.sql.reads > 0
          ? `${Math.max(0, 100 * (1 - perRequest(row, row.sql.reads) / perRequest(uncached, uncached.sql.reads))).toFixed(0)}%`
          : 'n/a';
      console.log(
        `${label(row).padEnd(52)} ${shareOfBare(row.load, baseline).padStart(4)} of bare; read statements saved by the cache ${hit}; ` +
          `p95 ${row.load.p95Ms.toFixed(1)} ms (target <= 50 ms)`,
      );
    }
  } finally {
    rmSync(urlsFile, { force: true });
    rmSync(communityUrlsFile, { force: true });
    await bare.close();
    await dropSchema(schema);
  }
}

const perRequest = (row: Row, total: number) => total / Math.max(1, row.load.requests);
const label = (row: Row) =>
  `${row.feed === 'community' ? 'community feed, ' : ''}${row.deployment}${row.writes ? ', with writes' : ''}`;

/** The community's feed read over the same deployment (no writes), its pages by nextCursor. */
async function communityRow(deployment: Deployment, name: string, urlsFile: string): Promise<Row> {
  const before = await deployment.sqlCounts();
  const postgresBefore = postgresCpuMs();
  const load = await runLoadProcess(urlsFile, SECONDS);
  const after = await deployment.sqlCounts();
  return {
    deployment: name,
    feed: 'community',
    writes: false,
    load,
    sql: {
      statements: after.statements - before.statements,
      reads: after.reads - before.reads,
      cpuMicros: after.cpuMicros - before.cpuMicros,
    },
    postgresMs: postgresCpuMs() - postgresBefore,
    written: null,
  };
}
const figures = (f: LoadFigures) =>
  `${Math.round(f.requestsPerSecond).toLocaleString('en-US').padStart(6)} req/s  p50 ${f.p50Ms.toFixed(1)} ms  p95 ${f.p95Ms.toFixed(1)} ms  p99 ${f.p99Ms.toFixed(1)} ms  errors ${f.errors}`;

function line(row: Row): string {
  const sql =
    `SQL/request ${perRequest(row, row.sql.statements).toFixed(1)} (reads ${perRequest(row, row.sql.reads).toFixed(1)})  ` +
    `CPU/request ${(perRequest(row, row.sql.cpuMicros) / 1000).toFixed(2)} ms` +
    ` (PostgreSQL ${perRequest(row, row.postgresMs).toFixed(2)} ms, load generator ${row.load.clientCpuMsPerRequest.toFixed(2)} ms)`;
  const w = row.written
    ? `  writes done ${row.written.likes} likes + ${row.written.posts} posts, ${row.written.failed} failed, p95 ${row.written.p95Ms.toFixed(0)} ms`
    : '';
  return `${label(row).padEnd(52)} ${figures(row.load)}  ${sql}${w}`;
}

/** The data, a session per member, the feed URLs (each member's first PAGES pages of both lists), a CSRF token. */
async function seed(schema: string, urlsFile: string, communityUrlsFile: string) {
  const { runtime } = await startFeedRuntime(benchEnv(schema, PORT, { ROLE: 'all' }));
  try {
    const data = await seedFeedData(runtime);
    const http = runtime.http!.getHttpAdapter().getInstance();
    const csrfs = await csrfTokens(runtime, data.cookies);
    const targets: string[] = [];
    const postIds = new Set<string>();
    let pageBody = '';
    for (const cookie of data.cookies) {
      let url = FEED;
      for (let p = 0; p < PAGES; p++) {
        targets.push(`http://127.0.0.1:${PORT}${url}\t${cookie}`);
        const res = await http.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        const page = JSON.parse(res.body) as { id: string }[];
        if (page.length !== 20) throw new Error(`${url} returned ${page.length} posts, not a full page`);
        pageBody ||= res.body;
        for (const post of page) postIds.add(post.id);
        url = `${FEED}&cursor=${page.at(-1)!.id}`;
      }
    }
    const communityTargets: string[] = [];
    for (const cookie of data.cookies) {
      let url = COMMUNITY_FEED;
      for (let p = 0; p < PAGES; p++) {
        communityTargets.push(`http://127.0.0.1:${PORT}${url}\t${cookie}`);
        const res = await http.inject({ method: 'GET', url, headers: { cookie } });
        const page = JSON.parse(res.body) as { posts: { id: string }[]; nextCursor: string | null };
        if (res.statusCode !== 200 || page.posts.length !== 20 || !page.nextCursor)
          throw new Error(`${url} answered ${res.statusCode} without a full page: ${res.body.slice(0, 200)}`);
        url = `${COMMUNITY_FEED}&cursor=${page.nextCursor}`;
      }
    }
    writeFileSync(communityUrlsFile, communityTargets.join('\n'));
    const sql = new PgSqlClient({ connectionString: DATABASE_URL, schema });
    await sql.query('ANALYZE').finally(() => sql.close());
    writeFileSync(urlsFile, targets.join('\n'));
    return { ...data, csrfs, targets, urlsFile, communityUrlsFile, pageBody, postIds: [...postIds] };
  } finally {
    await runtime.shutdown();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
