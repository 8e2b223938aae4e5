/**
 * npm run bench:scaleout — issue 20: does the feed keep its speed, and stay correct, when the app
 * is split over processes? PostgreSQL + Redis, the same data shape twice in one run (20 members
 * all following each other, BENCH_POSTS posts written through the API, default 10,000):
 *
 *   single: one ROLE=all process;
 *   split:  two ROLE=api processes, one projections and one workers process, behind one address
 *           (bench/sticky-proxy.ts: a connection stays on one API process, new ones alternate).
 *
 * Each prints posts/s written through the API (20 members posting at once), then the following
 * feed (`GET /api/feed?filter=following&limit=20`, one member, 50 keep-alive connections from a
 * separate process, BENCH_SECONDS per run), alone and while members post: each probe posts
 * through API process 1 and at once reads another member's following feed through API process 2
 * (on `single`, the same process), and a read that does not start with the new post is stale.
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';

import type { LoadFigures } from '../../load-tests/loopback';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../src/platform/testing/services';
import { removeSharedStores } from '../src/platform/testing/shared-stores';
import { type AppProcess, appProcesses } from '../src/testing/app-processes';
import { cookieHeaderAt, type HttpMember, registerMemberAt } from '../src/testing/http-members';
import { IDENTITY_TEST_ENV } from '../src/testing/members';
import { figuresLine, loadTest, SECONDS } from './http-bench';
import { startStickyProxy, type StickyProxy } from './sticky-proxy';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const MEMBERS = 20;
const FEED = '/api/feed?filter=following&limit=20';

interface Deployment {
  name: string;
  /** The one address clients use. */
  front: string;
  /** Where the probe writes, and where it reads right after. */
  writeAt: string;
  readAt: string;
  apis: AppProcess[];
  stop(): Promise<void>;
}

interface Member {
  id: string;
  cookie: string;
  token: string;
  ip: string;
}

interface Answer {
  status: number;
  body: unknown;
}

const agents = new Map<string, Agent>();

/** One keep-alive request; JSON in, JSON out. */
function call(url: string, method: string, path: string, member: Member | null, body?: unknown): Promise<Answer> {
  let agent = agents.get(url + (member?.id ?? ''));
  if (!agent) agents.set(url + (member?.id ?? ''), (agent = new Agent({ keepAlive: true, maxSockets: 4 })));
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method,
        agent,
        headers: {
          ...(member ? { cookie: member.cookie, 'x-csrf-token': member.token, 'x-forwarded-for': member.ip } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: kept as text for the error message
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function expectOk(what: string, answer: Promise<Answer>): Promise<Answer> {
  const a = await answer;
  if (a.status >= 300) throw new Error(`${what} answered ${a.status} ${JSON.stringify(a.body)}`);
  return a;
}

/** The app port serves /metrics only to this bearer. */
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** Each deployment on a fresh schema and Redis prefix of its own, removed afterwards. */
function storesFor(name: string) {
  const id = randomBytes(3).toString('hex');
  const schema = `bench_scaleout_${name}_${id}`;
  const prefix = `bench-scaleout-${name}-${id}`;
  return {
    env: {
      ...IDENTITY_TEST_ENV,
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      READ_YOUR_WRITES_TIMEOUT_MS: '10000',
      // One load generator on one address measures throughput; the rate limits would refuse most of it.
      RATE_LIMITS: 'off',
      METRICS_TOKEN,
    },
    remove: () =>
      removeSharedStores({ databaseUrl: TEST_DATABASE_URL, schema, redisUrl: TEST_REDIS_URL, redisPrefix: prefix }),
  };
}

async function startSingle(): Promise<Deployment> {
  const stores = storesFor('single');
  const apps = appProcesses();
  try {
    const all = await apps.start('all', { env: stores.env, name: 'single (all)' });
    return {
      name: 'single',
      front: all.url!,
      writeAt: all.url!,
      readAt: all.url!,
      apis: [all],
      stop: async () => {
        await apps.stopAll();
        await stores.remove();
      },
    };
  } catch (err) {
    await apps.stopAll();
    await stores.remove();
    throw err;
  }
}

async function startSplit(): Promise<Deployment> {
  const stores = storesFor('split');
  const apps = appProcesses();
  let proxy: StickyProxy | null = null;
  try {
    const started = await Promise.all([
      apps.start('api', { env: stores.env, name: 'api 1' }),
      apps.start('api', { env: stores.env, name: 'api 2' }),
      apps.start('projections', { env: stores.env, name: 'projections' }),
      apps.start('workers', { env: stores.env, name: 'workers' }),
    ]);
    const [api1, api2] = started;
    proxy = await startStickyProxy(
      [api1, api2].map((a) => {
        const u = new URL(a.url!);
        return { host: u.hostname, port: Number(u.port) };
      }),
    );
    const front = proxy;
    return {
      name: 'split',
      front: proxy.url,
      writeAt: api1.url!,
      readAt: api2.url!,
      apis: [api1, api2],
      stop: async () => {
        await front.close();
        await apps.stopAll();
        await stores.remove();
      },
    };
  } catch (err) {
    await proxy?.close();
    await apps.stopAll();
    await stores.remove();
    throw err;
  }
}

/** 20 verified members through the front address, each following every other one. */
async function populate(d: Deployment): Promise<Member[]> {
  const registered: HttpMember[] = [];
  for (let i = 0; i < MEMBERS; i += 5)
    registered.push(...(await Promise.all([0, 1, 2, 3, 4].map(() => registerMemberAt(d.front)))));
  const members = registered.map((m) => ({ id: m.id, cookie: cookieHeaderAt(m), token: m.token, ip: m.ip }));
  await Promise.all(
    registered.map(async (m) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const outbox = await call(d.front, 'GET', `/api/dev/outbox?to=${encodeURIComponent(m.email)}`, null);
        const mails = (outbox.body as { mails?: { template: string; links: string[] }[] }).mails ?? [];
        const link = mails.find((x) => x.template === 'verify-email')?.links.at(-1);
        if (link) {
          const answer = await call(d.front, 'GET', link.replace(/^https?:\/\/[^/]+/, ''), null);
          if (answer.status < 300 || answer.status >= 400) throw new Error(`verification answered ${answer.status}`);
          return;
        }
        if (Date.now() > deadline) throw new Error(`no verification mail for ${m.email}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }),
  );
  await Promise.all(
    members.map(async (m) => {
      for (const other of members)
        if (other !== m) await expectOk('follow', call(d.front, 'POST', `/api/users/${other.id}/follow`, m));
    }),
  );
  return members;
}

/** POSTS posts through the front address, every member posting at once; posts/s. */
async function writePosts(d: Deployment, members: Member[]): Promise<number> {
  const started = performance.now();
  let written = 0;
  await Promise.all(
    members.map(async (m, i) => {
      for (let n = i; n < POSTS; n += members.length) {
        await expectOk(
          'post',
          call(d.front, 'POST', '/api/posts', m, {
            content: `Scale-out post ${n}: a reminder about patience and gratitude #bench`,
          }),
        );
        written++;
      }
    }),
  );
  return written / ((performance.now() - started) / 1000);
}

/** Posts through one process and reads through the other until `stop`; counts reads that miss the post. */
async function probe(d: Deployment, writer: Member, reader: Member, stop: () => boolean) {
  let reads = 0;
  let stale = 0;
  while (!stop()) {
    const posted = await expectOk(
      'probe post',
      call(d.writeAt, 'POST', '/api/posts', writer, { content: `Probe ${reads}` }),
    );
    const id = (posted.body as { id: string }).id;
    const feed = await expectOk('probe read', call(d.readAt, 'GET', FEED, reader));
    reads++;
    if ((feed.body as { id: string }[])[0]?.id !== id) stale++;
  }
  return { reads, stale };
}

async function cacheReads(d: Deployment) {
  const totals = { memory: 0, store: 0, uncached: 0 };
  for (const api of d.apis) {
    const res = await fetch(`${api.url!}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
    const text = await res.text();
    for (const from of Object.keys(totals) as (keyof typeof totals)[]) {
      const m = new RegExp(`^dc_read_model_reads\\{[^}]*answered_from="${from}"[^}]*\\} (\\d+)`, 'm').exec(text);
      totals[from] += Number(m?.[1] ?? 0);
    }
  }
  return totals;
}

interface Figures {
  postsPerSecond: number;
  feed: LoadFigures;
  feedWhilePosting: LoadFigures;
  probe: { reads: number; stale: number };
  hitRatio: string;
}

async function measure(start: () => Promise<Deployment>): Promise<Figures> {
  const d = await start();
  try {
    const members = await populate(d);
    const postsPerSecond = await writePosts(d, members);
    const reader = members[0]!;
    const url = `${d.front}${FEED}`;
    await loadTest({ url, cookie: reader.cookie }); // warm-up
    const before = await cacheReads(d);
    const feed = await loadTest({ url, cookie: reader.cookie });
    let done = false;
    const probing = probe(d, members[1]!, members[2]!, () => done);
    const feedWhilePosting = await loadTest({ url, cookie: reader.cookie });
    done = true;
    const probed = await probing;
    const after = await cacheReads(d);
    const memory = after.memory - before.memory;
    const all = memory + after.store - before.store + after.uncached - before.uncached;
    return {
      postsPerSecond,
      feed,
      feedWhilePosting,
      probe: probed,
      hitRatio: `${((100 * memory) / Math.max(all, 1)).toFixed(1)}% of ${all.toLocaleString('en-US')} read-model reads from memory`,
    };
  } finally {
    for (const a of agents.values()) a.destroy();
    agents.clear();
    await d.stop();
  }
}

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)}%`;

async function main() {
  console.log(
    `Scale-out benchmark: ${MEMBERS} members all following each other, ${POSTS.toLocaleString('en-US')} posts through the API, ` +
      `following feed with 50 connections, ${SECONDS} s per run\n`,
  );
  const single = await measure(startSingle);
  console.log(`single (ROLE=all): written at ${single.postsPerSecond.toFixed(0)} posts/s; ${single.hitRatio}`);
  const split = await measure(startSplit);
  console.log(
    `split (2 api, projections, workers, proxy): written at ${split.postsPerSecond.toFixed(0)} posts/s; ${split.hitRatio}\n`,
  );
  const w = 44;
  console.log(figuresLine('feed, single', single.feed, w));
  console.log(figuresLine('feed, split', split.feed, w));
  console.log(figuresLine('feed while members post, single', single.feedWhilePosting, w));
  console.log(figuresLine('feed while members post, split', split.feedWhilePosting, w));
  console.log(
    `\nwrites: split ${split.postsPerSecond.toFixed(0)} posts/s, single ${single.postsPerSecond.toFixed(0)} posts/s: ` +
      `${pct(split.postsPerSecond, single.postsPerSecond)} of single (target >= 70%)`,
  );
  console.log(
    `feed: split ${pct(split.feed.requestsPerSecond, single.feed.requestsPerSecond)} of single's req/s (target >= 70%); ` +
      `while members post ${pct(split.feedWhilePosting.requestsPerSecond, single.feedWhilePosting.requestsPerSecond)}`,
  );
  console.log(
    `probe: ${split.probe.reads} posts through API 1 each read back at once through API 2 (single: ${single.probe.reads} on one process, ${single.probe.stale} stale)`,
  );
  console.log(`stale reads: ${split.probe.stale}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
