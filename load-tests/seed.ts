/**
 * npm run load:seed -- --members 1000 --posts 100000 [--follows 20]
 *
 * Seed data for the k6 scripts, labelled as such (usernames load_member_<n>, names ending in
 * "(seed)"). Members are registered and verified through IdentityService, the real commands, with
 * the password LOAD_PASSWORD (default below) so the scripts can sign in through /api/auth/login;
 * already registered ones are reused, so a second run only adds. Posts and follows go through the
 * post and relationship deciders, appended 100 streams per transaction as the benches do; every 4th
 * post goes to the seed's private community (seed-community.ts), which every member joins
 * (registering goes through argon2 and is the slow part; posting over HTTP would time validation).
 *
 * Runs in-process against the app's stores (the same DATABASE_URL / EVENTSTORE_URL + MONGODB_URL as
 * the app, or the embedded database while the app is stopped), then waits for the read models.
 */
import { postAppend, seededSequence } from '../backend/bench/http-bench';
import { IdentityService } from '../backend/modules/identity';
import { relationshipDecider } from '../backend/modules/relationships/domain/relationship.decider';
import { relationshipStream } from '../backend/modules/relationships/events';
import { ConfigError, loadConfig } from '../backend/src/platform/config';
import type { StreamAppend } from '../backend/src/platform/event-store/event-store.port';
import { newId } from '../backend/src/platform/ids';
import { createLogger } from '../backend/src/platform/logging';
import { type Runtime, startRuntime } from '../backend/src/runtime';
import { seedLoadCommunity } from './seed-community';

export const LOAD_PASSWORD = process.env.LOAD_PASSWORD ?? 'Load#Member2026';
export const loadUsername = (n: number) => `load_member_${n}`;

export interface SeedOptions {
  members: number;
  posts: number;
  /** Members each member follows (the following feed needs some). */
  follows: number;
  /** Registrations at a time (argon2 runs on libuv's pool). */
  concurrency?: number;
  /** Every 4th post goes to the seed's private community, which every member joins (default true). */
  community?: boolean;
}

const WORDS =
  'patience gratitude prayer mercy charity fasting quran hadith family kindness knowledge mosque community reminder sunnah dua wisdom'.split(
    ' ',
  );

/** A progress line at most once a second, with the rate so far. */
function progress(label: string, total: number, log: (line: string) => void) {
  const started = Date.now();
  let printed = 0;
  return {
    tick(done: number, force = false) {
      if (!force && Date.now() - printed < 1000) return;
      printed = Date.now();
      const seconds = (Date.now() - started) / 1000;
      log(
        `${label}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en-US')}/s, ${seconds.toFixed(1)} s)`,
      );
    },
  };
}

export async function seedLoadData(runtime: Runtime, o: SeedOptions, log: (line: string) => void = console.log) {
  const identity = runtime.http!.get(IdentityService);
  const meta = { actor: 'seed', requestId: 'load-seed' };
  const store = runtime.platform.eventStore;
  const members: string[] = new Array(o.members);
  const created = new Set<number>();
  const memberProgress = progress('members', o.members, log);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(o.concurrency ?? 4, o.members) }, async () => {
      while (next < o.members) {
        const n = next++;
        const username = loadUsername(n);
        const existing = await identity.findUserId(username);
        if (existing) members[n] = existing;
        else {
          const reg = await identity.register(
            {
              email: `${username}@load.seed.test`,
              username,
              password: LOAD_PASSWORD,
              displayName: `Load member ${n} (seed)`,
            },
            meta,
          );
          const verified = await identity.verifyEmail(reg.verificationToken, meta);
          if (verified !== 'success') throw new Error(`verifying ${username}: ${verified}`);
          members[n] = reg.user.id;
          created.add(n);
        }
        memberProgress.tick(++done);
      }
    }),
  );
  memberProgress.tick(done, true);
  const community = o.community === false ? null : await seedLoadCommunity(runtime, members);

  const rnd = seededSequence(20);
  let last = '';
  const postProgress = progress('posts', o.posts, log);
  for (let i = 0; i < o.posts; i += 100) {
    const appends: StreamAppend[] = [];
    for (let j = i; j < Math.min(o.posts, i + 100); j++) {
      const tag = WORDS[Math.floor(rnd() * WORDS.length)]!;
      const words = Array.from({ length: 8 + Math.floor(rnd() * 12) }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
      appends.push(
        postAppend({
          postId: newId(),
          author: members[j % members.length]!,
          content: `Seed post ${j}: ${words.join(' ')} #${tag}`,
          hashtags: [tag],
          createdAt: new Date(Date.now() - (o.posts - j) * 1000).toISOString(),
          ...(community && j % 4 === 0 ? { community } : {}),
        }),
      );
    }
    last = (await store.appendToStreams(appends)).at(-1)!.checkpoint;
    postProgress.tick(Math.min(o.posts, i + 100));
  }
  postProgress.tick(o.posts, true);

  // Each new member follows the next `follows` members round the ring: every following feed has authors.
  const pairs: [string, string][] = [];
  for (const n of created) {
    for (let k = 1; k <= Math.min(o.follows, members.length - 1); k++)
      pairs.push([members[n]!, members[(n + k) % members.length]!]);
  }
  const followProgress = progress('follows', pairs.length, log);
  const now = new Date().toISOString();
  for (let i = 0; i < pairs.length; i += 100) {
    const appends: StreamAppend[] = pairs.slice(i, i + 100).map(([actorId, targetId]) => ({
      streamId: relationshipStream(actorId, targetId),
      events: relationshipDecider
        .decide(relationshipDecider.initialState(), { type: 'Follow', actorId, targetId, now })
        .map((e) => ({ ...e, metadata: { actor: actorId } })),
      // A pair whose other member was created earlier may already have a stream (it followed back).
      expectedVersion: 'any',
    }));
    last = (await store.appendToStreams(appends)).at(-1)!.checkpoint;
    followProgress.tick(Math.min(pairs.length, i + 100));
  }
  if (pairs.length) followProgress.tick(pairs.length, true);

  if (last) {
    const started = Date.now();
    const names = runtime.runner?.projectorNames() ?? [];
    if (!(await runtime.progress.waitFor(last, names, 3_600_000))) throw new Error('the read models did not catch up');
    log(`read models caught up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { members, created: created.size };
}

function flag(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

async function main() {
  const args = process.argv.slice(2);
  const options = {
    members: flag(args, 'members', 100),
    posts: flag(args, 'posts', 10_000),
    follows: flag(args, 'follows', 20),
  };
  if (options.members < 2) throw new Error('--members must be at least 2');
  const config = loadConfig({ ...process.env, SEED: 'false' } as Record<string, string>);
  const runtime = await startRuntime(config, createLogger('warn'), 'all');
  const started = Date.now();
  try {
    const { created } = await seedLoadData(runtime, options);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `\nSeeded ${options.members} members (${created} new), ${options.posts.toLocaleString('en-US')} posts in ${seconds.toFixed(1)} s. Sign in as ${loadUsername(0)} … ${loadUsername(options.members - 1)} with LOAD_PASSWORD (default ${LOAD_PASSWORD}).`,
    );
  } finally {
    await runtime.shutdown();
  }
}

if (process.argv[1] === __filename) {
  main().catch((err) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
