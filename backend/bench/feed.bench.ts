/**
 * npm run bench:feed — the home feed of a signed-in member over 10,000 posts on PostgreSQL, 50
 * connections, next to a bare Fastify server answering the same 20-post JSON from memory.
 * The load comes from a separate process (load-tests/loopback.ts) so it does not share the event
 * loop with the server it measures.
 */
import Fastify from 'fastify';

import { IdentityService } from '../modules/identity';
import type { StreamAppend } from '../src/platform/event-store/event-store.port';
import { newId } from '../src/platform/ids';
import { CONNECTIONS, figuresLine, loadTest, postAppend, SECONDS, shareOfBare, startBenchApp } from './http-bench';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);

async function main() {
  const app = await startBenchApp('feed', 3399);
  const { runtime, config } = app;
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
        appends.push(
          postAppend({
            postId,
            author,
            content: `Bench post ${j} #bench #Quran reminder about patience and gratitude.`,
            hashtags: ['bench', 'quran'],
            createdAt: new Date().toISOString(),
          }),
        );
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

    await loadTest({ url: feedUrl, cookie }); // warm-up
    const feed = await loadTest({ url: feedUrl, cookie });
    const baseline = await loadTest({ url: 'http://127.0.0.1:3398/feed' });
    console.log(figuresLine('GET /api/posts (signed in)', feed, 34));
    console.log(figuresLine('bare Fastify, same JSON', baseline, 34));
    console.log(
      `\nfeed p95 ${feed.p95Ms.toFixed(1)} ms (target < 50 ms); ${shareOfBare(feed, baseline)} of the bare server's requests/s (target >= 25%)`,
    );
  } finally {
    await bare.close();
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
