import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { csrfAgent } from '@platform/http/testing/csrf-agent';

import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { startRuntime } from '../runtime';
import { eventually } from '../testing/eventually';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './demo-members';

const DAY = 24 * 60 * 60 * 1000;

describe('seed data on an empty store', () => {
  let dataDir: string;
  beforeAll(() => (dataDir = mkdtempSync(join(tmpdir(), 'dc-seed-'))));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (seed: string) =>
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, FRONTEND_DIST: '/nonexistent', SEED: seed });

  it('creates the labelled demo members through the real commands, once', async () => {
    const first = await startRuntime(config('true'), createLogger('silent'));
    try {
      const users = await first.readModels.collection('users').find({ limit: 100 });
      expect(users.items).toHaveLength(DEMO_MEMBERS.length);
      for (const u of users.items) {
        expect(u.displayName).toMatch(/\(demo\)$/);
        expect(u.isEmailVerified).toBe(true);
      }
      const { agent, token } = await csrfAgent(first.http!.getHttpServer());
      await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', token)
        .send({ emailOrUsername: DEMO_MEMBERS[0]!.username, password: DEMO_PASSWORD })
        .expect(200);
      // A living feed: full pages of posts with likes, comments, polls and quotes.
      const feed = await agent.get('/api/posts?limit=20').expect(200);
      expect(feed.body).toHaveLength(20);
      const all = await first.readModels.collection('posts').find({ limit: 1000 });
      expect(all.items.length).toBe(200);
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
      const events = await first.platform.eventStore.readAll({ maxCount: 1 });
      expect(events[0]!.metadata.actor).not.toBeNull();
    } finally {
      await first.shutdown();
    }
    // A second start on the same data adds nothing.
    const second = await startRuntime(config('true'), createLogger('silent'));
    try {
      expect(await second.readModels.collection('users').count()).toBe(DEMO_MEMBERS.length);
    } finally {
      await second.shutdown();
    }
    // Seeding 200 posts through the real commands on an embedded database: generous for a busy machine.
  }, 180_000);

  it('is off by default outside development, and with SEED=false', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).seed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe(false);
    expect(loadConfig({}).seed).toBe(true);
    expect(loadConfig({ SEED: 'false' }).seed).toBe(false);
  });
});
