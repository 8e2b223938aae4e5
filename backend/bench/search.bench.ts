/**
 * npm run bench:search — GET /api/search/results over 100,000 posts and 10,000 members on
 * PostgreSQL, 50 connections, next to a bare Fastify server answering one of the same result lists
 * from memory in the same run. Four runs: texts drawn as search logs draw them (a few thousand
 * distinct, popular ones often: single words of every frequency, pairs, usernames, Arabic, hashtags),
 * texts never asked before, which always reach the text index, one text over and over (its answer
 * held), and the first mix again while members post 20 times a second. Last, the embedded engine:
 * the same number of posts on PGlite, a text asked of its index and of the index held in memory
 * (search-embedded.ts).
 *
 * Seed data goes straight through the deciders (the user decider with a sealed profile, the post
 * decider), 100 streams per append, as feed.bench.ts does: registering 10,000 members over HTTP
 * would time argon2, not search.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createOfflineProvider } from '@modules/ai';
import { userStream } from '@modules/identity/events';
import Fastify from 'fastify';

import { userDecider } from '../modules/identity/domain/user.decider';
import type { EventStore, StreamAppend } from '../src/platform/event-store/event-store.port';
import { newId } from '../src/platform/ids';
import { PgSqlClient } from '../src/platform/sql/pg.sql-client';
import { profiled } from './cpu-profile';
import {
  CONNECTIONS,
  figuresLine,
  loadTest,
  postAppend,
  ROOT,
  SECONDS,
  seededSequence,
  shareOfBare,
  startBenchApp,
} from './http-bench';
import { embeddedSearch } from './search-embedded';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
/** New posts a second during the last search run (a busy community: 1.7 million a day). */
const POSTS_PER_SECOND = 20;

/** Words real posts use, most common first: word i turns up about 1/(i+1) as often as the first. */
const WORDS = (
  'patience gratitude prayer mercy charity fasting ramadan quran hadith family parents kindness ' +
  'forgiveness knowledge mosque community reminder morning evening remembrance sincerity hope trust ' +
  'repentance blessing guidance brother sister neighbour orphan student teacher lecture journey ' +
  'pilgrimage night friday sunnah prophet companion dua zakat wisdom humility honesty justice ' +
  'الصبر الشكر الصلاة الرحمة الصدقة الصيام القرآن الحديث الوالدين الأمانة الإيمان الهدى'
).split(' ');
const RARE = Array.from({ length: 5_000 }, (_, i) => `topic${i.toString(36)}`);

const rnd = seededSequence(2026);
const zipf = <T>(list: T[]) => list[Math.min(list.length - 1, Math.floor(list.length ** rnd()) - 1)]!;
const sentence = () =>
  Array.from({ length: 10 + Math.floor(rnd() * 15) }, () => (rnd() < 0.7 ? zipf(WORDS) : zipf(RARE))).join(' ');

/** SQL statements sent by this process (the app's, and the bench's own while it seeds). */
let statements = 0;
const sendQuery = PgSqlClient.prototype.query;
PgSqlClient.prototype.query = function (this: PgSqlClient, ...args: Parameters<PgSqlClient['query']>) {
  statements++;
  return sendQuery.apply(this, args);
} as PgSqlClient['query'];

/**
 * A load run with what it cost the server per request: CPU time of this process (the app's main
 * thread and its helpers; the load generator is another process) and SQL statements.
 */
async function measured(urlsFile: string, meanwhile?: () => void) {
  const cpu = process.cpuUsage();
  const sent = statements;
  const load = loadTest({ urlsFile });
  meanwhile?.();
  const figures = await load;
  const used = process.cpuUsage(cpu);
  const requests = figures.requests;
  const perRequest = `server CPU ${((used.user + used.system) / 1000 / requests).toFixed(2)} ms/request, ${((statements - sent) / requests).toFixed(2)} SQL statements/request`;
  return { figures, perRequest };
}

/** New posts, as members write them, at `perSecond` for `seconds` (through the event store, as the seed). */
function posting(store: EventStore, authors: string[], perSecond: number, seconds: number) {
  let posted = 0;
  const done = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      if (posted >= perSecond * seconds) {
        clearInterval(timer);
        resolve(posted);
        return;
      }
      const tag = zipf(WORDS);
      const author = authors[posted++ % authors.length]!;
      const post = { postId: newId(), author, content: `${sentence()} #${tag}`, hashtags: [tag] };
      store.appendToStreams([postAppend({ ...post, createdAt: new Date().toISOString() })]).catch((err: unknown) => {
        clearInterval(timer);
        reject(err as Error);
      });
    }, 1000 / perSecond);
  });
  return { done };
}

async function main() {
  const app = await startBenchApp('search', 3397);
  const { runtime, config, schema } = app;
  const bare = Fastify();
  try {
    const started = Date.now();
    const store = runtime.platform.eventStore;
    const members: { id: string; username: string }[] = [];
    // On a kept schema (BENCH_SCHEMA) the same data is drawn again, so the texts asked are the
    // same, but nothing is appended.
    for (let i = 0; i < MEMBERS; i += 100) {
      const appends: StreamAppend[] = [];
      for (let j = i; j < Math.min(MEMBERS, i + 100); j++) {
        const userId = newId();
        const username = `member_${j}`;
        if (app.reused) {
          zipf(WORDS);
          members.push({ id: userId, username });
          continue;
        }
        await runtime.vault.createKey(userId);
        const sealed = await runtime.vault.seal(userId, {
          email: `${username}@bench.local`,
          displayName: `${zipf(WORDS)} ${username}`,
          name: username,
          passwordHash: 'bench: never signs in',
        });
        const now = new Date().toISOString();
        const events = userDecider.decide(userDecider.initialState(), {
          type: 'Register',
          userId,
          username,
          sealed,
          now,
          verification: { tokenHash: `bench-${j}`, expiresAt: now },
        });
        appends.push({ streamId: userStream(userId), events, expectedVersion: 'no_stream' });
        members.push({ id: userId, username });
      }
      if (appends.length) await store.appendToStreams(appends);
    }
    let last: string | undefined;
    for (let i = 0; i < POSTS; i += 100) {
      const appends: StreamAppend[] = [];
      for (let j = i; j < Math.min(POSTS, i + 100); j++) {
        const postId = newId();
        const author = members[j % members.length]!.id;
        const tag = zipf(WORDS);
        appends.push(
          postAppend({
            postId,
            author,
            content: `${sentence()} #${tag}`,
            hashtags: [tag],
            createdAt: new Date(Date.now() - (POSTS - j) * 60_000).toISOString(),
          }),
        );
      }
      if (!app.reused) last = (await store.appendToStreams(appends)).at(-1)!.checkpoint;
    }
    if (last) await runtime.progress.waitFor(last, ['search', 'social', 'profiles', 'identity'], 1_800_000);
    // What autovacuum does within a minute of a bulk load: without statistics PostgreSQL cannot
    // tell a common word from a rare one and plans both alike.
    const { rows } = await app.sql.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = $1`, [
      schema,
    ]);
    for (const { t } of rows) await app.sql.query(`ANALYZE ${schema}."${t}"`);
    console.log(
      `Search benchmark: ${MEMBERS.toLocaleString('en-US')} members and ${POSTS.toLocaleString('en-US')} posts projected in ${((Date.now() - started) / 1000).toFixed(0)} s; ${CONNECTIONS} connections, ${SECONDS} s per run\n`,
    );

    await runtime.http!.listen(config.http.port, config.http.host);
    const base = `http://127.0.0.1:${config.http.port}/api/search/results`;
    const url = (q: string) => `${base}?q=${encodeURIComponent(q)}`;
    // Searches people make: a few thousand distinct texts, the popular ones asked far more often
    // (Zipf, as in search logs), so the candidate cache sees what it would see in production.
    const pool = [
      ...WORDS,
      ...WORDS.map((w) => `#${w}`),
      ...['patience gratitude', 'mercy parents', 'الصَّبر', 'القران الكريم'],
      ...members.slice(0, 1_000).map((m) => m.username),
      ...RARE.slice(0, 2_000),
      ...RARE.slice(2_000, 4_000).map((r, i) => `${WORDS[i % WORDS.length]} ${r}`),
    ];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    const mix = Array.from({ length: 50_000 }, () => url(zipf(pool)));
    // And texts nobody asked before: two words and the start of a third, as typed, none of them in
    // the mix, the warm-up or twice in the list (which each connection goes round), so every
    // request reaches the text index. (A word and the start of a second, as before, allows only
    // 2,016 texts: the list repeated itself and the warm-up asked the same texts.)
    const asked = new Set(pool);
    const newTexts: string[] = [];
    const draw = (list: string[]) => list[Math.floor(rnd() * list.length)]!;
    while (newTexts.length < 60_000) {
      const text = `${draw(WORDS)} ${draw(WORDS)} ${draw(RARE).slice(0, 6)}`;
      if (!asked.has(text)) newTexts.push(text);
      asked.add(text);
    }
    const fresh = (run: number) => newTexts.slice(run * 30_000, (run + 1) * 30_000).map(url);
    for (const u of [url('patience'), url('#patience'), url('الصبر'), url(members[1]!.username)]) {
      const res = await fetch(u);
      if (res.status !== 200) throw new Error(`${u} answered ${res.status}`);
    }
    const sample = await (await fetch(url('patience'))).text();
    if ((JSON.parse(sample) as unknown[]).length === 0) throw new Error('search found nothing for a common word');
    const file = (name: string, urls: string[]) => {
      const path = join(tmpdir(), `${schema}.${name}`);
      writeFileSync(path, urls.join('\n'));
      return path;
    };
    bare.get('/search', async (_req, reply) => reply.type('application/json').send(sample));
    await bare.listen({ port: 3396, host: '127.0.0.1' });

    await loadTest({ urlsFile: file('warm', fresh(1)) }); // warm-up: plans, pools, JIT
    const { figures: popular, perRequest: popularCost } = await measured(file('mix', mix));
    const { figures: cold, perRequest: coldCost } = await profiled('search-every-text-new', () =>
      measured(file('fresh', fresh(0))),
    );
    // The floor under the mix: one popular text, its answer held in memory after the first ask.
    const { figures: held, perRequest: heldCost } = await measured(file('held', [url('patience')]));
    // The mix again (its answers held from the first run) while members post: each new post drops
    // the held answers its text matches.
    const { rows: authorRows } = await app.sql.query<{ id: string }>(
      `SELECT id FROM ${schema}.rm_search_members__g1 ORDER BY id LIMIT 1000`,
    );
    let writer: { done: Promise<number> } | undefined;
    const { figures: writing, perRequest: writingCost } = await measured(file('mix', mix), () => {
      writer = posting(
        store,
        authorRows.map((r) => r.id),
        POSTS_PER_SECOND,
        SECONDS,
      );
    });
    const posted = await writer!.done;
    const baseline = await loadTest({ urlsFile: file('bare', ['http://127.0.0.1:3396/search']) });
    console.log(figuresLine(`search, ${pool.length.toLocaleString('en-US')} texts, Zipf`, popular));
    console.log(figuresLine('search, every text new (no cache)', cold));
    console.log(figuresLine('search, one text (answer held)', held));
    console.log(figuresLine(`Zipf again, ${posted} new posts meanwhile`, writing));
    console.log(figuresLine('bare Fastify, one result list', baseline));
    console.log(
      `\nZipf mix: ${popularCost}\nevery text new: ${coldCost}\none text held: ${heldCost}\nZipf while posting: ${writingCost}`,
    );
    console.log(
      `\nsearch p95 ${popular.p95Ms.toFixed(1)} ms (target < 50 ms); ${shareOfBare(popular, baseline)} of the bare server's requests/s; texts never asked before: p95 ${cold.p95Ms.toFixed(1)} ms, ${shareOfBare(cold, baseline)}`,
    );
    offlineAnswers();
    await embeddedSearch(POSTS, sentence, {
      'two words and a word begun': newTexts.slice(0, 400),
      'a word begun': WORDS.map((w) => w.slice(0, 4)),
    });
  } finally {
    await bare.close();
    await app.close();
  }
}

/** The AI scholar's offline answers (retrieval over the whole Quran), 1,000 of them one after another. */
function offlineAnswers() {
  const fixture = JSON.parse(readFileSync(join(ROOT, 'backend/modules/ai/fixtures/questions.json'), 'utf8')) as {
    question: string;
  }[];
  // The app builds the index in the background at start-up; warm waits for it if it is not done.
  const provider = createOfflineProvider({ warm: true });
  const times: number[] = [];
  for (let i = 0; i < 1_000; i++) {
    const { question } = fixture[i % fixture.length]!;
    // A different wording each time, as members ask: the provider has no cache of its own.
    const asked = i < fixture.length ? question : `${question} ${WORDS[i % WORDS.length]}`;
    const t = performance.now();
    if (provider.answerNow(asked).citations.length === 0) throw new Error(`no verses for "${asked}"`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(times.length * q)]!.toFixed(1);
  console.log(
    `\nAI scholar, offline: 1,000 answers p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (target p95 < 200 ms)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
