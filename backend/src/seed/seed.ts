import type { INestApplication } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import type { UserDoc } from '@projections/identity';

import { IdentityService } from '../../modules/identity';
import { RelationshipsService } from '../../modules/relationships';
import { CommentsService, PostsService } from '../../modules/social';
import type { EventStore } from '../platform/event-store/event-store.port';
import type { Logger } from '../platform/logging';
import { READ_MODELS } from '../platform/tokens';
import { seedCommunities } from './demo-communities';
import { DEMO_COMMENTS, DEMO_POLLS, DEMO_POSTS, DEMO_QUOTES, seededRandom } from './demo-content';
import { seedLearning } from './demo-learning';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './demo-members';
import { seedMessages } from './demo-messages';
import { seedSupport } from './demo-support';
import { DemoTimeline, isoAt } from './demo-timeline';
import { seedVideos } from './demo-videos';

const SEED_META = { actor: 'seed', requestId: 'seed' };
const POSTS = 200;
const SPREAD_DAYS = 42;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
  // Follows, posts, reactions, courses, messages and videos are scheduled at their past times and
  // played in that order (demo-timeline.ts).
  const timeline = new DemoTimeline();
  const follows = seedFollows(app, members, timeline);
  const stats = seedActivity(app, members, timeline);
  const learning = seedLearning(app, members, logger, timeline);
  const messages = seedMessages(app, members, timeline);
  const videos = await seedVideos(app, members, logger, timeline);
  const communities = seedCommunities(app, members, timeline);
  try {
    await timeline.play();
  } finally {
    await videos.cleanup();
  }
  const support = await seedSupport(app);
  logger.info(
    {
      members: members.length,
      follows,
      ...stats,
      learning,
      support,
      communities,
      messages,
      videos: videos.posts,
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

/**
 * Each member follows the next five: everyone has followers, and 'Follow Back' shows up too. The
 * follows came over the past SPREAD_DAYS, the last a day ago, so notifications say when.
 */
function seedFollows(app: INestApplication, members: UserDoc[], timeline: DemoTimeline): number {
  const relationships = app.get(RelationshipsService);
  const random = seededRandom(7);
  const total = members.length * 5;
  const step = ((SPREAD_DAYS - 1) * DAY) / total;
  const now = Date.now();
  let n = 0;
  for (let i = 0; i < members.length; i++) {
    for (let k = 1; k <= 5; k++) {
      const member = at(members, i);
      const target = at(members, (i + k) % members.length);
      const followed = now - DAY - (total - 1 - n) * step - random() * step * 0.8;
      timeline.add(followed, () =>
        relationships.act('Follow', member.id, target.id, {
          ...SEED_META,
          actor: member.id,
          occurredAt: isoAt(followed),
        }),
      );
      n++;
    }
  }
  return n;
}

function seedActivity(app: INestApplication, members: UserDoc[], timeline: DemoTimeline) {
  const posts = app.get(PostsService);
  const comments = app.get(CommentsService);
  const random = seededRandom();
  const pick = <T>(list: readonly T[]) => at(list, Math.floor(random() * list.length));
  // The audit history tells the same time as the data: each command is dated when it happened.
  const meta = (m: UserDoc, time: Date) => ({ ...SEED_META, actor: m.id, occurredAt: time.toISOString() });
  // Post i's id, once the timeline has played its creation (before anything that refers to it).
  const postIds: string[] = [];
  const postId = (i: number) => at(postIds, i);
  let likes = 0;
  let commentCount = 0;

  const usedTexts = new Map<string, Set<string>>();
  const commentsBy = new Map<string, Set<string>>();
  const now = Date.now();

  for (let i = 0; i < POSTS; i++) {
    const author = at(members, i % members.length);
    const used = usedTexts.get(author.id) ?? new Set<string>();
    usedTexts.set(author.id, used);
    let input: { content: string; pollOptions?: string[] };
    let quoted: number | undefined;
    const poll = i % 25 === 7 ? firstUnused(DEMO_POLLS, (p) => p.question, i / 25, used) : undefined;
    if (poll) {
      input = { content: poll.question, pollOptions: poll.options };
    } else if (i % 17 === 9 && i > 0) {
      quoted = Math.floor(random() * i);
      input = { content: unusedText(DEMO_QUOTES, i, used) };
    } else {
      // Each member walks the texts from a different start, so no profile repeats one.
      input = { content: unusedText(DEMO_POSTS, i + Math.floor(i / members.length), used) };
    }
    used.add(input.content);
    const posted = postedAt(i, now, random);
    timeline.add(posted.getTime(), async () => {
      const quotedPostId = quoted === undefined ? {} : { quotedPostId: postId(quoted) };
      const created = await posts.create(author, { ...input, ...quotedPostId }, meta(author, posted), [], posted);
      postIds[i] = created.postId;
    });

    // A little life under each post: a few likes, and now and then a comment or a vote, each some
    // time after the post (within a few days, never in the future).
    const later = () => reactedAt(posted, now, random);
    const fans = members.filter(() => random() < 0.15);
    for (const fan of fans) {
      const liked = later();
      timeline.add(liked.getTime(), () => posts.react('like', fan.id, postId(i), true, meta(fan, liked), liked));
    }
    likes += fans.length;
    if (random() < 0.35) {
      const commenter = pick(members);
      // No member says the same thing twice: their comments are listed on their profile too.
      const said = commentsBy.get(commenter.id) ?? new Set<string>();
      commentsBy.set(commenter.id, said);
      const text = firstUnused(DEMO_COMMENTS, (c) => c, random() * DEMO_COMMENTS.length, said);
      if (text !== undefined) {
        said.add(text);
        const commented = later();
        timeline.add(commented.getTime(), () =>
          comments.add(commenter, postId(i), text, meta(commenter, commented), [], commented),
        );
        commentCount++;
      }
    }
    if (input.pollOptions) {
      for (const voter of members.slice(0, 8)) {
        const option = 1 + Math.floor(random() * input.pollOptions.length);
        const voted = later();
        timeline.add(voted.getTime(), () => posts.vote(voter.id, postId(i), option, meta(voter, voted), voted));
      }
    }
  }
  return { posts: POSTS, likes, comments: commentCount };
}

/**
 * When seed post i was written: the posts spread over the past SPREAD_DAYS, oldest first (the feed
 * is ordered by creation), a few hours apart with some jitter, the newest about an hour ago.
 */
function postedAt(i: number, now: number, random: () => number): Date {
  const step = (SPREAD_DAYS * DAY) / POSTS;
  const jitter = (random() - 0.5) * step * 0.8;
  // The jitter may not carry the newest posts past the start of the seed (into the future).
  return new Date(Math.min(now - HOUR / 2, now - HOUR - (POSTS - 1 - i) * step + jitter));
}

/** When a like, comment or vote on a post written at `posted` came: up to three days later, before now. */
function reactedAt(posted: Date, now: number, random: () => number): Date {
  const room = Math.max(0, Math.min(3 * DAY, now - posted.getTime() - MINUTE));
  return new Date(posted.getTime() + MINUTE + random() * room);
}

/** The first item from `start` on (wrapping) whose text this profile has not used yet. */
function firstUnused<T>(list: readonly T[], text: (item: T) => string, start: number, used: Set<string>) {
  for (let k = 0; k < list.length; k++) {
    const item = at(list, (Math.floor(start) + k) % list.length);
    if (!used.has(text(item))) return item;
  }
  return undefined;
}

function unusedText(list: readonly string[], start: number, used: Set<string>): string {
  const text = firstUnused(list, (t) => t, start, used);
  if (text === undefined) throw new Error(`seed: a profile has used all ${list.length} texts of a list`);
  return text;
}

/** The element at i of a list the seed knows is long enough; a clear error if it is not. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`seed: no element ${i} in a list of ${list.length}`);
  return item;
}
