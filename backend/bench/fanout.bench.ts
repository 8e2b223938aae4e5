/**
 * npm run bench:fanout — a post to a community tells every member who asked for all its posts
 * (issue 41's `community_post` notices): how long the notifications projector takes to write them,
 * and how long a notice behind it (a mention made just after) waits. PostgreSQL + Redis, one process
 * (ROLE=all), the load seed's private community (load-tests/seed-community.ts: real commands, every
 * member in it with notices 'all').
 *
 * Per size in BENCH_FANOUT_MEMBERS (default 1000): BENCH_FANOUT_RUNS (default 5) posts, each in the
 * community and then a plain post with a mention right after; printed as p50 / max over the runs:
 *
 *   answered   the author's POST: the post's own read models (readsNext), not the notices
 *   notices    the post's command start to the notifications projector having passed it
 *   behind     the mention's command start to its notice written (what a message or mention
 *              made during a fan-out waits)
 *
 * Beside them, in the same run, the same plain post with a mention and no community before it: the
 * baseline for `behind`.
 */
import { performance } from 'node:perf_hooks';

import { seedLoadData } from '../../load-tests/seed';
import { seedLoadCommunity } from '../../load-tests/seed-community';
import { PostsService } from '../modules/social';
import { type UserDoc, USERS } from '../projections/identity';
import type { Runtime } from '../src/runtime';
import { benchEnv, dropSchema, newBenchSchema, startFeedRuntime } from './feed/bench-runtime';
import { median } from './http-bench';

const SIZES = (process.env.BENCH_FANOUT_MEMBERS ?? '1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_FANOUT_RUNS ?? 5);
const META = { actor: 'bench', requestId: 'bench-fanout' };

interface Run {
  answered: number;
  notices: number;
  behind: number;
  written: number;
}

const ms = (xs: number[]) => `${median(xs).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`;

/** Until the notifications projector has passed everything in the log now; when that was. */
async function noticesWritten(runtime: Runtime): Promise<number> {
  const head = await runtime.platform.eventStore.headCheckpoint();
  if (!(await runtime.progress.waitFor(head, ['notifications'], 600_000)))
    throw new Error('the notifications did not catch up');
  return performance.now();
}

async function measure(runtime: Runtime, author: UserDoc, mentioned: string, communityId: string | null) {
  const posts = runtime.http!.get(PostsService);
  const started = performance.now();
  const inCommunity = communityId
    ? await posts.create(author, { content: 'Jumuah moves to 1pm this week', communityId }, META)
    : null;
  const answered = performance.now() - started;
  const mentionStarted = performance.now();
  // Made while the fan-out is under way: its notice queues behind the community's.
  await posts.create(author, { content: `Jazak Allah khair @${mentioned}` }, META);
  const done = await noticesWritten(runtime);
  const written = inCommunity
    ? await runtime.readModels.collection('notifications').count({ targetId: inCommunity.postId })
    : 0;
  return { answered, notices: done - started, behind: done - mentionStarted, written };
}

async function main() {
  for (const size of SIZES) {
    const schema = newBenchSchema('fanout');
    const { runtime } = await startFeedRuntime(benchEnv(schema, 3118));
    try {
      const seeded = Date.now();
      const { members } = await seedLoadData(runtime, { members: size, posts: 0, follows: 0 }, () => undefined);
      // Made by the seed already: this finds it.
      const { id } = await seedLoadCommunity(runtime, members);
      await noticesWritten(runtime);
      console.log(`${size} members in the community, seeded in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);
      const users = runtime.readModels.collection<UserDoc>(USERS);
      const author = (await users.get(members[0]!))!;
      const mentioned = (await users.get(members[1]!))!.username;
      // Warm-up: JIT, pools.
      await measure(runtime, author, mentioned, id);
      const fanned: Run[] = [];
      const plain: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        fanned.push(await measure(runtime, author, mentioned, id));
        plain.push(await measure(runtime, author, mentioned, null));
      }
      const per = fanned.map((r) => (r.notices * 1000) / Math.max(1, r.written));
      console.log(
        `  community post: answered ${ms(fanned.map((r) => r.answered))} ms; ${median(fanned.map((r) => r.written))} notices in ` +
          `${ms(fanned.map((r) => r.notices))} ms (${median(per).toFixed(0)} µs each); a mention behind it waits ${ms(fanned.map((r) => r.behind))} ms`,
      );
      console.log(`  baseline, the mention alone: ${ms(plain.map((r) => r.behind))} ms (p50 / max over ${RUNS} runs)`);
    } finally {
      await runtime.shutdown();
      await dropSchema(schema);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
