/**
 * A realistic log for the replay benchmark, made through the real commands (the services the HTTP
 * controllers call): members registered and verified, follows, posts, likes, comments and
 * direct messages, so every projector replays the event shapes production writes.
 */
import type { INestApplication } from '@nestjs/common';
import type { UserDoc } from '@projections/identity';

import { IdentityService } from '../modules/identity';
import { MessagingService } from '../modules/messaging';
import { RelationshipsService } from '../modules/relationships';
import { CommentsService, PostsService } from '../modules/social';
import type { ReadModels } from '../src/platform/read-models';
import { DEMO_COMMENTS, DEMO_POSTS } from '../src/seed/demo-content';
import { seededSequence } from './http-bench';

export interface ReplaySeedOptions {
  members: number;
  /** Members each member follows (round the ring). */
  follows: number;
  posts: number;
  /** Likes per post, on average. */
  likesPerPost: number;
  /** Share of posts with a comment. */
  commentShare: number;
  messages: number;
  /** Commands in flight at once. */
  concurrency: number;
}

export const DEFAULT_REPLAY_SEED: ReplaySeedOptions = {
  members: 30,
  follows: 8,
  posts: 1200,
  likesPerPost: 3,
  commentShare: 0.4,
  messages: 600,
  concurrency: 8,
};

export interface ReplaySeedCounts {
  members: number;
  follows: number;
  posts: number;
  likes: number;
  comments: number;
  messages: number;
}

const PASSWORD = 'Replay#Bench2026';

/** Runs tasks with at most `concurrency` in flight, in order of the list. */
async function inFlight(tasks: (() => Promise<unknown>)[], concurrency: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

export async function seedReplayLog(
  app: INestApplication,
  readModels: ReadModels,
  o: ReplaySeedOptions,
  log: (line: string) => void = console.log,
): Promise<ReplaySeedCounts> {
  const identity = app.get(IdentityService);
  const relationships = app.get(RelationshipsService);
  const posts = app.get(PostsService);
  const comments = app.get(CommentsService);
  const messaging = app.get(MessagingService);
  const users = readModels.collection<UserDoc>('users');
  const meta = (actor: string) => ({ actor, requestId: 'bench-replay' });
  const rnd = seededSequence(2026);
  const counts: ReplaySeedCounts = { members: 0, follows: 0, posts: 0, likes: 0, comments: 0, messages: 0 };
  const started = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // Registration hashes a password (argon2): a few at a time, it is the slow part of the seed.
  const members: UserDoc[] = new Array(o.members);
  await inFlight(
    Array.from({ length: o.members }, (_, n) => async () => {
      // On a loaded machine register can give up waiting for its read model (it then answers 404,
      // the member registered all the same): that one stays in the log unverified, another is made.
      let reg: Awaited<ReturnType<IdentityService['register']>> | null = null;
      let username = '';
      for (let attempt = 0; !reg; attempt++) {
        username = `replay_member_${n}${attempt ? `_${attempt}` : ''}`;
        const input = {
          email: `${username}@replay.bench.test`,
          username,
          password: PASSWORD,
          displayName: `Replay member ${n} (bench)`,
        };
        reg = await identity.register(input, meta('bench')).catch((err: unknown) => {
          if (attempt >= 2) throw err;
          log(`  registering ${username} failed (${err instanceof Error ? err.message : String(err)}); another member`);
          return null;
        });
      }
      await identity.verifyEmail(reg.verificationToken, meta(reg.user.id));
      const doc = await users.get(reg.user.id);
      if (!doc) throw new Error(`member ${username} is not in the read model after registering`);
      members[n] = doc;
      counts.members++;
    }),
    Math.min(4, o.concurrency),
  );
  step(`${counts.members} members`);

  const followTasks: (() => Promise<unknown>)[] = [];
  for (let i = 0; i < o.members; i++) {
    for (let k = 1; k <= Math.min(o.follows, o.members - 1); k++) {
      const actor = members[i]!;
      const target = members[(i + k) % o.members]!;
      followTasks.push(async () => {
        await relationships.act('Follow', actor.id, target.id, meta(actor.id));
        counts.follows++;
      });
    }
  }
  await inFlight(followTasks, o.concurrency);
  step(`${counts.follows} follows`);

  const postTasks = Array.from({ length: o.posts }, (_, i) => async () => {
    const author = members[i % o.members]!;
    const { postId } = await posts.create(
      author,
      { content: `${DEMO_POSTS[i % DEMO_POSTS.length]} (bench ${i})` },
      meta(author.id),
    );
    counts.posts++;
    const fans = Math.round(o.likesPerPost * 2 * rnd());
    for (let f = 1; f <= fans; f++) {
      const fan = members[(i + f * 7) % o.members]!;
      await posts.react('like', fan.id, postId, true, meta(fan.id));
      counts.likes++;
    }
    if (rnd() < o.commentShare) {
      const commenter = members[(i + 3) % o.members]!;
      await comments.add(commenter, postId, DEMO_COMMENTS[i % DEMO_COMMENTS.length]!, meta(commenter.id));
      counts.comments++;
    }
  });
  await inFlight(postTasks, o.concurrency);
  step(`${counts.posts} posts, ${counts.likes} likes, ${counts.comments} comments`);

  // Members write to the member they follow first; replies go back on the same conversation.
  const messageTasks = Array.from({ length: o.messages }, (_, i) => async () => {
    const a = members[i % o.members]!;
    const b = members[(i + 1) % o.members]!;
    const [from, to] = Math.floor(i / o.members) % 2 === 0 ? [a, b] : [b, a];
    await messaging.send(
      from.id,
      { content: `As-salamu alaykum, message ${i} of the replay bench`, messageType: 'text', receiverId: to.id },
      meta(from.id),
    );
    counts.messages++;
  });
  await inFlight(messageTasks, o.concurrency);
  step(`${counts.messages} messages`);
  return counts;
}
