import { createHash } from 'node:crypto';

import type { CourseDoc } from '@projections/learning';
import type { MediaDoc } from '@projections/media';
import request from 'supertest';

import type { LearnView } from '../../../modules/learning/views';
import type { Runtime } from '../../runtime';
import { eventually } from '../../testing/eventually';
import { VIDEO_LESSON_COURSES, VIDEO_LESSON_TITLE } from '../demo-course-media';
import { DEMO_COURSES } from '../demo-courses';

const DAY = 24 * 60 * 60 * 1000;

/** A signed-in demo member's agent and CSRF token (csrfAgent's answer after login). */
export interface SignedInAgent {
  agent: ReturnType<typeof request.agent>;
  token: string;
}

/** Real instants, none in the future (a missing field would parse as NaN and pass any order). */
function expectTimes(times: number[]): void {
  expect(times.length).toBeGreaterThan(0);
  const now = Date.now();
  for (const t of times) expect(Number.isFinite(t) && t <= now).toBe(true);
}

const lessons = (course: CourseDoc) => course.sections.flatMap((s) => s.lessons);

/** Every course's media processed, by id. */
async function processed(rt: Runtime, ids: string[]): Promise<Map<string, MediaDoc>> {
  await rt.platform.jobQueue.idle();
  const media = rt.readModels.collection<MediaDoc>('media');
  const docs = await eventually(
    async () => Promise.all(ids.map((id) => media.get(id))),
    (list) => list.every((d) => d && d.status !== 'processing'),
    'the seed media processed',
  );
  return new Map(docs.map((d) => [d!.id, d!]));
}

export async function seededCourses(rt: Runtime): Promise<CourseDoc[]> {
  return (await rt.readModels.collection<CourseDoc>('learning_courses').find({ limit: 100 })).items;
}

/**
 * Every seed course shows a cover of its own, uploaded by its teacher, made into AVIF, WebP and JPEG
 * at 320 and 640 px, and served; the catalogue cards show it.
 */
export async function expectCovers(rt: Runtime, member: SignedInAgent): Promise<void> {
  const courses = await seededCourses(rt);
  expect(courses).toHaveLength(DEMO_COURSES.length);
  const media = await processed(
    rt,
    courses.map((c) => c.thumbnailMediaId ?? 'none'),
  );
  const hashes = new Set<string>();
  for (const course of courses) {
    const cover = media.get(course.thumbnailMediaId!)!;
    expect({ title: course.title, status: cover.status, kind: cover.kind, owner: cover.ownerId }).toEqual({
      title: course.title,
      status: 'ready',
      kind: 'image',
      owner: course.teacherId,
    });
    expect([cover.width, cover.height]).toEqual([640, 360]);
    expect(cover.variants.map((v) => `${v.width}:${v.mime}`).sort()).toEqual([
      '320:image/avif',
      '320:image/jpeg',
      '320:image/webp',
      '640:image/avif',
      '640:image/jpeg',
      '640:image/webp',
    ]);
    const file = await member.agent.get(`/media/${cover.id}/w320.jpg`).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    hashes.add(
      createHash('sha256')
        .update(file.body as Buffer)
        .digest('hex'),
    );
  }
  expect(hashes.size).toBe(courses.length);
  const cards = (await member.agent.get('/api/courses?limit=50').expect(200)).body.courses as Array<{
    thumbnailImage: string | null;
  }>;
  expect(cards).toHaveLength(courses.length);
  for (const card of cards) expect(card.thumbnailImage).toMatch(/^\/media\/[0-9a-f-]{36}\b/);
}

/**
 * The chosen paid courses carry the demo clip as a locked lesson: a member who has not bought the
 * course (or a visitor) is refused its video as if it did not exist; a demo member who buys it
 * (sandbox card) is served.
 */
export async function expectVideoLessons(rt: Runtime, buyer: SignedInAgent, outsider: SignedInAgent): Promise<void> {
  const courses = (await seededCourses(rt)).filter((c) => VIDEO_LESSON_COURSES.includes(c.title));
  expect(courses.map((c) => c.title).sort()).toEqual([...VIDEO_LESSON_COURSES].sort());
  const videoOf = (c: CourseDoc) => {
    const lesson = lessons(c).find((l) => l.title === VIDEO_LESSON_TITLE)!;
    expect(lesson).toMatchObject({ freePreview: false, content: { kind: 'video' } });
    return (lesson.content as { mediaId: string }).mediaId;
  };
  const media = await processed(rt, courses.map(videoOf));
  for (const c of courses) {
    expect(c.price).toBeGreaterThan(0);
    expect(media.get(videoOf(c))).toMatchObject({ status: 'ready', kind: 'video', courses: { [c.id]: 'locked' } });
  }
  const course = courses[0]!;
  const mediaId = videoOf(course);
  const learn = async (m: SignedInAgent) =>
    (await m.agent.get(`/api/courses/${course.id}/learn`).expect(200)).body as LearnView;
  const lessonIn = (view: LearnView) =>
    view.sections.flatMap((s) => s.lessons).find((l) => l.title === VIDEO_LESSON_TITLE)!;
  const server = rt.http!.getHttpServer();
  const refused = async (get: (path: string) => request.Test) => {
    for (const path of [`/media/${mediaId}/video.mp4`, `/media/${mediaId}`, `/media/${mediaId}/poster`])
      expect([path, (await get(path)).status]).toEqual([path, 404]);
  };

  expect(lessonIn(await learn(outsider))).toMatchObject({ locked: true, content: null });
  await refused((p) => outsider.agent.get(p));
  await refused((p) => request(server).get(p));

  const card = (await buyer.agent.get(`/api/courses/${course.id}`).expect(200)).body as { price: string };
  const checkout = await buyer.agent
    .post('/api/checkout')
    .set('X-CSRF-Token', buyer.token)
    .send({ method: 'card', courseIds: [course.id], expectedTotal: card.price })
    .expect(201);
  const orderId = (checkout.body as { orderId: string }).orderId;
  await eventually(
    async () => (await buyer.agent.get(`/api/orders/${orderId}`).expect(200)).body as { status: string },
    (o) => o.status === 'paid',
    'the sandbox payment',
  );
  const view = await eventually(
    () => learn(buyer),
    (v) => v.enrolled,
    'enrolled by the order',
  );
  const content = lessonIn(view).content as { kind: string; url: string };
  expect(content.kind).toBe('video');
  expect(content.url).toMatch(new RegExp(`^/media/${mediaId}/video\\.mp4\\?m=`));
  // The signed link alone (a player sends no cookie) and the buyer's session both serve the MP4.
  const byLink = await request(server).get(content.url).buffer(true).expect(200);
  expect(byLink.headers['content-type']).toBe('video/mp4');
  expect(byLink.headers['cache-control']).toBe('private, no-store');
  await buyer.agent.get(`/media/${mediaId}/video.mp4`).set('Range', 'bytes=0-99').expect(206);
  // Still nothing for the member who did not buy it, even with the buyer's link.
  await refused((p) => outsider.agent.get(p));
  expect((await outsider.agent.get(content.url)).status).toBe(404);
}

/**
 * Follows, likes, messages and the notifications they caused happened over the past weeks, in
 * order, never in the future; a client cannot date what it sends.
 */
export async function expectSpreadTimes(rt: Runtime, member: SignedInAgent): Promise<void> {
  const now = Date.now();
  const span = (times: number[]) => Math.max(...times) - Math.min(...times);
  const page = (await member.agent.get('/api/notifications?limit=100').expect(200)).body as {
    notifications: Array<{ type: string; createdAt: string }>;
  };
  const times = page.notifications.map((n) => Date.parse(n.createdAt));
  expectTimes(times);
  expect(page.notifications.map((n) => n.type)).toEqual(expect.arrayContaining(['follow', 'like', 'message']));
  expect(span(times)).toBeGreaterThan(7 * DAY);
  // Newest first by time as well as by arrival.
  expect(times).toEqual([...times].sort((a, b) => b - a));
  // Posts, the demo videos' too, were written in the order of their times: ids (which order the
  // feed) and times agree.
  const posts = (await rt.readModels.collection('posts').find({ limit: 1000 })).items;
  const byId = [...posts].sort((a, b) => String(a.id).localeCompare(String(b.id)));
  const postTimes = byId.map((p) => Date.parse(String(p.createdAt)));
  expectTimes(postTimes);
  expect(postTimes).toEqual([...postTimes].sort((a, b) => a - b));
  const follows = (await rt.platform.eventStore.readAll({ maxCount: 100_000 }))
    .filter((e) => e.type === 'UserFollowed')
    .map((e) => Date.parse((e.data as { at: string }).at));
  expectTimes(follows);
  expect(span(follows)).toBeGreaterThan(28 * DAY);

  const messages = (await rt.readModels.collection('messages').find({ limit: 100 })).items;
  const sent = messages.map((m) => Date.parse(String(m.createdAt)));
  expectTimes(sent);
  expect(span(sent)).toBeGreaterThan(7 * DAY);
  // In each conversation every reply comes after the message before it.
  const byConversation = new Map<string, typeof messages>();
  for (const m of messages)
    byConversation.set(String(m.conversationId), [...(byConversation.get(String(m.conversationId)) ?? []), m]);
  for (const thread of byConversation.values()) {
    const ordered = [...thread].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    const at = ordered.map((m) => Date.parse(String(m.createdAt)));
    expectTimes(at);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  }
  const inbox = (await member.agent.get('/api/conversations').expect(200)).body as {
    conversations: Array<{ id: string; lastUpdated: string }>;
  };
  const last = inbox.conversations.map((c) => Date.parse(c.lastUpdated));
  expect(last).toHaveLength(3);
  expectTimes(last);
  expect(last).toEqual([...last].sort((a, b) => b - a));
  expect(span(last)).toBeGreaterThan(7 * DAY);

  // Times a client sends are not taken: the message is dated when the server received it.
  const res = await member.agent
    .post('/api/messages')
    .set('X-CSRF-Token', member.token)
    .send({
      conversationId: inbox.conversations.at(-1)!.id,
      content: 'Dated by the server',
      messageType: 'text',
      occurredAt: '2020-01-01T00:00:00.000Z',
      createdAt: '2020-01-01T00:00:00.000Z',
      sentAt: '2020-01-01T00:00:00.000Z',
    })
    .expect(201);
  const event = (await rt.platform.eventStore.readAll({ maxCount: 100_000 })).find(
    (e) => e.type === 'MessageSent' && (e.data as { messageId: string }).messageId === res.body.id,
  )!;
  expect(Date.parse(event.metadata.occurredAt)).toBeGreaterThanOrEqual(now - 1000);
  expect(Date.parse((event.data as { sentAt: string }).sentAt)).toBeGreaterThanOrEqual(now - 1000);
}
