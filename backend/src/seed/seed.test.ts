import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { csrfAgent, currentCsrfToken } from '@platform/http/testing/csrf-agent';
import request from 'supertest';

import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { withRunMediaTools } from '../platform/testing/services';
import { startRuntime } from '../runtime';
import { eventually } from '../testing/eventually';
import { DEMO_COMMUNITIES } from './demo-communities';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './demo-members';
import { seedThenStop } from './seed-apart';
import { expectCovers, expectSpreadTimes, expectVideoLessons, type SignedInAgent } from './testing/seed-checks';

const DAY = 24 * 60 * 60 * 1000;

describe('seed data on an empty store', () => {
  let dataDir: string;
  beforeAll(() => (dataDir = mkdtempSync(join(tmpdir(), 'dc-seed-'))));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (seed: string) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      FRONTEND_DIST: '/nonexistent',
      SEED: seed,
      // The sandbox pays a demo member's order at once.
      PAYMENTS_SANDBOX_DELAY_MS: '0',
    });

  it('creates the labelled demo members through the real commands, once', async () => {
    // As `npm start`'s first start does it: a process that seeds, waits for every job and read
    // model, and stops (seed-apart.ts); then the app that serves starts on what it left.
    await seedThenStop(withRunMediaTools(config('true')), createLogger('silent'));
    const first = await startRuntime(withRunMediaTools(config('true')), createLogger('silent'));
    try {
      const users = await first.readModels.collection('users').find({ limit: 100 });
      expect(users.items).toHaveLength(DEMO_MEMBERS.length);
      for (const u of users.items) {
        expect(u.displayName).toMatch(/\(demo\)$/);
        expect(u.isEmailVerified).toBe(true);
      }
      const signIn = async (username: string): Promise<SignedInAgent> => {
        const member = await csrfAgent(first.http!.getHttpServer());
        await member.agent
          .post('/api/auth/login')
          .set('X-CSRF-Token', member.token)
          .send({ emailOrUsername: username, password: DEMO_PASSWORD })
          .expect(200);
        // Signing in binds a new token to the session.
        return { agent: member.agent, token: currentCsrfToken(member.agent) };
      };
      const amina = await signIn(DEMO_MEMBERS[0]!.username);
      const { agent } = amina;
      // A living feed: full pages of posts with likes, comments, polls and quotes.
      const feed = await agent.get('/api/posts?limit=20').expect(200);
      expect(feed.body).toHaveLength(20);
      const all = await first.readModels.collection('posts').find({ limit: 1000 });
      // 200 posts, and the two demo videos' posts.
      const videoPosts = all.items.filter((p) => String(p.content).startsWith('Seed video (demo)'));
      expect(videoPosts).toHaveLength(2);
      // And the demo communities' posts (demo-communities.ts).
      const inCommunities = DEMO_COMMUNITIES.reduce((n, c) => n + c.posts.length, 0);
      expect(all.items.filter((p) => p.communityId).length).toBe(inCommunities);
      expect(all.items.length).toBe(202 + inCommunities);
      // Communities: a guest browses the public mosque; a member of the private circles reads them.
      const guest = await request(first.http!.getHttpServer()).get('/api/communities').expect(200);
      expect(guest.body.communities.map((c: { slug: string }) => c.slug)).toEqual(['jamia-mosque-nairobi']);
      const mine = await agent.get('/api/communities?mine=true').expect(200);
      expect(mine.body.communities.map((c: { slug: string }) => c.slug).sort()).toEqual([
        'jamia-mosque-nairobi',
        'tajweed-circle',
      ]);
      const circle = await agent.get('/api/communities/tajweed-circle/posts').expect(200);
      expect(circle.body.pinned).toHaveLength(1);
      expect((await agent.get('/api/communities/tajweed-circle/requests').expect(200)).body.requests).toHaveLength(1);
      await agent.get('/api/communities/sisters-of-mombasa/posts').expect(403);
      expect(all.items.some((p) => p.type === 'poll')).toBe(true);
      expect(all.items.some((p) => p.type === 'quote')).toBe(true);
      expect(all.items.some((p) => Number(p.likeCount ?? p.likes ?? 0) > 0)).toBe(true);
      // Written over the past weeks, not all at start-up, and no profile repeats a text.
      const ages = all.items.map((p) => Date.now() - Date.parse(String(p.createdAt)));
      expect(Math.min(...ages)).toBeGreaterThan(0);
      expect(Math.min(...ages)).toBeLessThan(DAY);
      expect(Math.max(...ages)).toBeGreaterThan(28 * DAY);
      expect(new Set(ages.map((age) => Math.floor(age / DAY))).size).toBeGreaterThan(28);
      const textsByProfile = new Map<string, string[]>();
      for (const p of all.items) {
        const texts = textsByProfile.get(String(p.userId)) ?? [];
        textsByProfile.set(String(p.userId), [...texts, String(p.content)]);
      }
      expect(textsByProfile.size).toBe(DEMO_MEMBERS.length);
      for (const texts of textsByProfile.values()) expect(new Set(texts).size).toBe(texts.length);
      const profile = await agent.get(`/api/profile/${DEMO_MEMBERS[0]!.username}`).expect(200);
      expect(profile.body.counts).toMatchObject({ followers: 5, following: 5 });
      // A course marketplace: published courses from approved demo teachers, free ones with students and reviews.
      const courses = await eventually(
        async () =>
          (await agent.get('/api/courses?limit=50&sort=newest').expect(200)).body.courses as Array<
            Record<string, unknown>
          >,
        (list) => list.some((c) => Number(c.reviewsCount) > 0),
        'the seeded reviews in the catalogue',
      );
      expect(courses.length).toBeGreaterThanOrEqual(20);
      expect(new Set(courses.map((c) => c.category)).size).toBe(8);
      expect(courses.filter((c) => c.isFree).length).toBeGreaterThanOrEqual(5);
      expect(courses.some((c) => Number(c.totalStudents) > 0)).toBe(true);
      expect(courses.every((c) => (c.vendor as { user: { name: string } }).user.name.endsWith('(demo)'))).toBe(true);
      const stats = await agent.get('/api/courses/stats').expect(200);
      expect(stats.body).toMatchObject({ courses: courses.length, instructors: 4 });
      const detail = await agent.get(`/api/courses/${courses[0]!.id}`).expect(200);
      expect(detail.body.sections.length).toBeGreaterThan(0);
      expect(detail.body.whatYouWillLearn.length).toBeGreaterThan(0);
      // Orphan support: demo orphans and auditors, donations still paused.
      const orphans = (await agent.get('/api/orphans').expect(200)).body as Array<{ uniqueId: string; raised: string }>;
      expect(orphans.map((o) => o.uniqueId)).toEqual(['0001', '0002', '0003', '0004', '0005']);
      expect(orphans.every((o) => o.raised === '0')).toBe(true);
      const auditors = (await agent.get('/api/auditors').expect(200)).body as Array<{ name: string }>;
      expect(auditors.length).toBe(2);
      expect(auditors.every((a) => a.name.endsWith('(demo)'))).toBe(true);
      expect((await agent.get('/api/donations/status').expect(200)).body.paused).toBe(true);
      // Messages: the first member's demo conversations, newest first, the others' last words unread.
      const inbox = (await agent.get('/api/conversations').expect(200)).body as {
        conversations: Array<{ unreadCount: number; lastMessage: { content: string } | null }>;
      };
      expect(inbox.conversations).toHaveLength(3);
      expect(inbox.conversations.every((c) => c.lastMessage !== null && c.unreadCount > 0)).toBe(true);
      const events = await first.platform.eventStore.readAll({ maxCount: 100_000 });
      expect(events[0]!.metadata.actor).not.toBeNull();
      // Likes, comments and votes came over the past weeks too, each after its post and never later than now.
      const postTimes = new Map(all.items.map((p) => [String(p.id), Date.parse(String(p.createdAt))]));
      const reactions = events
        .filter((e) => e.type === 'PostLiked' || e.type === 'PollVoted')
        .map((e) => e.data as { postId: string; at: string });
      const commentDocs = (await first.readModels.collection('comments').find({ limit: 1000 })).items;
      const dated = [
        ...reactions.map((r) => [r.postId, Date.parse(r.at)] as const),
        ...commentDocs.map((c) => [String(c.postId), Date.parse(String(c.createdAt))] as const),
      ];
      expect(reactions.length).toBeGreaterThan(100);
      expect(commentDocs.length).toBeGreaterThan(20);
      for (const [postId, time] of dated) {
        expect(time).toBeGreaterThan(postTimes.get(postId)!);
        expect(time).toBeLessThanOrEqual(Date.now());
      }
      expect(new Set(dated.map(([, time]) => Math.floor((Date.now() - time) / DAY))).size).toBeGreaterThan(28);
      // No member says the same thing twice in comments either.
      const commentsByMember = new Map<string, string[]>();
      for (const c of commentDocs)
        commentsByMember.set(String(c.userId), [...(commentsByMember.get(String(c.userId)) ?? []), String(c.content)]);
      for (const texts of commentsByMember.values()) expect(new Set(texts).size).toBe(texts.length);
      // Two short demo videos through the video composer's command (ffmpeg runs here; without it the
      // seed logs that it skips them), transcoded by the worker and then in the video feed.
      // Already transcoded: the seeding process waited for its jobs before it stopped.
      const videos = (await agent.get('/api/videos').expect(200)).body as Array<{ content: string; createdAt: string }>;
      expect(videos.map((v) => v.content)).toEqual([
        expect.stringMatching(/^Seed video \(demo\): /),
        expect.stringMatching(/^Seed video \(demo\): /),
      ]);
      expect(videos.every((v) => Date.now() - Date.parse(v.createdAt) > DAY)).toBe(true);
      // Covers on every course; video lessons that only their buyers are served; history over weeks.
      await expectCovers(first, amina);
      await expectSpreadTimes(first, amina);
      await expectVideoLessons(first, amina, await signIn(DEMO_MEMBERS[12]!.username));
    } finally {
      await first.shutdown();
    }
    // A second start on the same data adds nothing.
    const second = await startRuntime(withRunMediaTools(config('true')), createLogger('silent'));
    try {
      expect(await second.readModels.collection('users').count()).toBe(DEMO_MEMBERS.length);
    } finally {
      await second.shutdown();
    }
    // Seeding 200 posts and two videos (transcoded) through the real commands on an embedded
    // database: generous for a busy machine.
  }, 300_000);

  it('is off by default outside development, and with SEED=false', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).seed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe(false);
    expect(loadConfig({}).seed).toBe(true);
    expect(loadConfig({ SEED: 'false' }).seed).toBe(false);
  });
});
