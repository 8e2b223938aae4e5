import type { INestApplication } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import type { UserDoc } from '@projections/identity';

import { IdentityService } from '../../modules/identity';
import { RelationshipsService } from '../../modules/relationships';
import { CommentsService, PostsService } from '../../modules/social';
import type { EventStore } from '../platform/event-store/event-store.port';
import type { Logger } from '../platform/logging';
import { READ_MODELS } from '../platform/tokens';
import { DEMO_COMMENTS, DEMO_POLLS, DEMO_POSTS, seededRandom } from './demo-content';
import { seedLearning } from './demo-learning';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './demo-members';
import { seedSupport } from './demo-support';

const SEED_META = { actor: 'seed', requestId: 'seed' };
const POSTS = 200;

/**
 * Creates the labelled demo community through the real commands, once, on an empty event store, so
 * a newcomer's first `npm start` shows a living app. Everything it writes is ordinary events.
 */
export async function seedDemoCommunity(
  app: INestApplication,
  eventStore: EventStore,
  logger: Logger,
): Promise<boolean> {
  if ((await eventStore.readAll({ maxCount: 1 })).length > 0) return false;
  const started = Date.now();
  logger.info('empty store: creating the demo community through the real commands (SEED=false skips this)');
  const members = await seedMembers(app);
  const follows = await seedFollows(app, members);
  const stats = await seedActivity(app, members);
  const learning = await seedLearning(app, members);
  const support = await seedSupport(app);
  logger.info(
    {
      members: members.length,
      follows,
      ...stats,
      learning,
      support,
      ms: Date.now() - started,
      signIn: `${at(DEMO_MEMBERS, 0).username} / ${DEMO_PASSWORD}`,
    },
    'seeded the demo community (labelled "(demo)")',
  );
  return true;
}

async function seedMembers(app: INestApplication): Promise<UserDoc[]> {
  const identity = app.get(IdentityService);
  const users = app.get<symbol, ReadModels>(READ_MODELS).collection<UserDoc>('users');
  const members: UserDoc[] = [];
  for (const m of DEMO_MEMBERS) {
    const { user, verificationToken } = await identity.register(
      {
        email: `${m.username}@demo.deenconnect.local`,
        username: m.username,
        password: DEMO_PASSWORD,
        displayName: m.displayName,
      },
      SEED_META,
    );
    await identity.verifyEmail(verificationToken, SEED_META);
    members.push((await users.get(user.id))!);
  }
  return members;
}

/** Each member follows the next five: everyone has followers, and 'Follow Back' shows up too. */
async function seedFollows(app: INestApplication, members: UserDoc[]): Promise<number> {
  const relationships = app.get(RelationshipsService);
  let n = 0;
  for (let i = 0; i < members.length; i++) {
    for (let k = 1; k <= 5; k++) {
      const member = at(members, i);
      const target = at(members, (i + k) % members.length);
      await relationships.act('Follow', member.id, target.id, { ...SEED_META, actor: member.id });
      n++;
    }
  }
  return n;
}

async function seedActivity(app: INestApplication, members: UserDoc[]) {
  const posts = app.get(PostsService);
  const comments = app.get(CommentsService);
  const random = seededRandom();
  const pick = <T>(list: readonly T[]) => at(list, Math.floor(random() * list.length));
  const meta = (m: UserDoc) => ({ ...SEED_META, actor: m.id });
  const postIds: string[] = [];
  let likes = 0;
  let commentCount = 0;

  for (let i = 0; i < POSTS; i++) {
    const author = at(members, i % members.length);
    let input: { content: string; pollOptions?: string[]; quotedPostId?: string };
    if (i % 25 === 7) {
      const poll = at(DEMO_POLLS, ((i / 25) % DEMO_POLLS.length) | 0);
      input = { content: poll.question, pollOptions: poll.options };
    } else if (i % 17 === 9 && postIds.length > 0) {
      input = { content: 'This is worth reading again. #Reminder', quotedPostId: pick(postIds) };
    } else {
      input = { content: at(DEMO_POSTS, i % DEMO_POSTS.length) };
    }
    const { postId } = await posts.create(author, input, meta(author));
    postIds.push(postId);

    // A little life under each post: a few likes, and now and then a comment or a vote.
    const fans = members.filter(() => random() < 0.15);
    await Promise.all(fans.map((fan) => posts.react('like', fan.id, postId, true, meta(fan))));
    likes += fans.length;
    if (random() < 0.35) {
      const commenter = pick(members);
      await comments.add(commenter, postId, pick(DEMO_COMMENTS), meta(commenter));
      commentCount++;
    }
    if (input.pollOptions) {
      for (const voter of members.slice(0, 8)) {
        await posts.vote(voter.id, postId, 1 + Math.floor(random() * input.pollOptions.length), meta(voter));
      }
    }
  }
  return { posts: postIds.length, likes, comments: commentCount };
}

/** The element at i of a list the seed knows is long enough; a clear error if it is not. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`seed: no element ${i} in a list of ${list.length}`);
  return item;
}
