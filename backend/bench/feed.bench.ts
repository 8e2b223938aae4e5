/**
 * npm run bench:feed — the home feed of a signed-in member over 10,000 posts on PostgreSQL, 50
 * connections, next to a bare Fastify server answering the same 20-post JSON from memory.
 * The load comes from a separate process (load-tests/loopback.ts) so it does not share the event
 * loop with the server it measures.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { postStream } from '@modules/social/events';
import Fastify from 'fastify';

import type { LoadFigures } from '../../load-tests/loopback';
import { IdentityService } from '../modules/identity';
import { postDecider } from '../modules/social/domain/post.decider';
import { loadConfig } from '../src/platform/config';
import type { StreamAppend } from '../src/platform/event-store/event-store.port';
import { newId } from '../src/platform/ids';
import { createLogger } from '../src/platform/logging';
import { PgSqlClient } from '../src/platform/sql/pg.sql-client';
import { startRuntime } from '../src/runtime';

const ROOT = join(__dirname, '../..');
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function load(url: string, cookie?: string): Promise<LoadFigures> {
  const args = ['scripts/run-ts.mjs', 'load-tests/loopback.ts', url, String(CONNECTIONS), String(SECONDS), '--json'];
  if (cookie) args.push(`--cookie=${cookie}`);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { cwd: ROOT }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout.trim().split('\n').pop()!)),
    ),
  );
}

const line = (label: string, f: LoadFigures) =>
  `${label.padEnd(34)} ${Math.round(f.requestsPerSecond).toLocaleString('en-US').padStart(7)} req/s   p50 ${f.p50Ms.toFixed(1)} ms   p95 ${f.p95Ms.toFixed(1)} ms   p99 ${f.p99Ms.toFixed(1)} ms   errors ${f.errors}`;

async function main() {
  const schema = `bench_feed_${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    SEED: 'false',
    PORT: '3399',
    HOST: '127.0.0.1',
  });
  const runtime = await startRuntime(config, createLogger('warn'));
  const bare = Fastify();
  try {
    // A verified member who reads the feed, and 50 authors.
    const identity = runtime.http!.get(IdentityService);
    const meta = { actor: 'bench', requestId: 'bench' };
    const reader = await identity.register(
      {
        email: 'reader@bench.local',
        username: 'bench_reader',
        password: 'Bench#Pass2026',
        displayName: 'Bench Reader',
      },
      meta,
    );
    await identity.verifyEmail(reader.verificationToken, meta);
    const authors: string[] = [];
    for (let i = 0; i < 50; i++) {
      const a = await identity.register(
        {
          email: `author${i}@bench.local`,
          username: `bench_author_${i}`,
          password: 'Bench#Pass2026',
          displayName: `Author ${i}`,
        },
        meta,
      );
      await identity.verifyEmail(a.verificationToken, meta);
      authors.push(a.user.id);
    }

    // 10,000 posts through the post decider, appended 100 streams per transaction.
    const started = Date.now();
    for (let i = 0; i < POSTS; i += 100) {
      const appends: StreamAppend[] = [];
      for (let j = i; j < Math.min(POSTS, i + 100); j++) {
        const postId = newId();
        const author = authors[j % authors.length];
        if (author === undefined) throw new Error('the bench needs at least one author');
        const events = postDecider.decide(postDecider.initialState(), {
          type: 'CreatePost',
          post: {
            postId,
            userId: author,
            type: 'text',
            content: `Bench post ${j} #bench #Quran reminder about patience and gratitude.`,
            hashtags: ['bench', 'quran'],
            mentions: [],
            poll: null,
            quotedPostId: null,
            imageCaptions: [],
            limited: false,
            createdAt: new Date().toISOString(),
          },
        });
        appends.push({
          streamId: postStream(postId),
          events: events.map((e) => ({ ...e, metadata: { actor: author } })),
          expectedVersion: 'no_stream',
        });
      }
      const results = await runtime.platform.eventStore.appendToStreams(appends);
      const lastResult = results.at(-1);
      if (i + 100 >= POSTS && lastResult) await runtime.progress.waitFor(lastResult.checkpoint, ['social'], 600_000);
    }
    console.log(
      `Feed benchmark: ${POSTS.toLocaleString('en-US')} posts projected in ${((Date.now() - started) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s per run\n`,
    );

    await runtime.http!.listen(config.http.port, config.http.host);
    const cookie = `dc.sid=${reader.session.token}`;
    const feedUrl = `http://127.0.0.1:${config.http.port}/api/posts?limit=20`;
    const page = await fetch(feedUrl, { headers: { cookie } });
    if (page.status !== 200) throw new Error(`feed answered ${page.status}`);
    const body = await page.text();
    if ((JSON.parse(body) as unknown[]).length !== 20) throw new Error('the feed did not return a full page');

    bare.get('/feed', async (_req, reply) => reply.type('application/json').send(body));
    await bare.listen({ port: 3398, host: '127.0.0.1' });

    await load(feedUrl, cookie); // warm-up
    const feed = await load(feedUrl, cookie);
    const baseline = await load('http://127.0.0.1:3398/feed');
    console.log(line('GET /api/posts (signed in)', feed));
    console.log(line('bare Fastify, same JSON', baseline));
    console.log(
      `\nfeed p95 ${feed.p95Ms.toFixed(1)} ms (target < 50 ms); ${((100 * feed.requestsPerSecond) / baseline.requestsPerSecond).toFixed(0)}% of the bare server's requests/s (target >= 25%)`,
    );
  } finally {
    await bare.close();
    await runtime.shutdown();
    const sql = new PgSqlClient({ connectionString: DATABASE_URL });
    await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await sql.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
