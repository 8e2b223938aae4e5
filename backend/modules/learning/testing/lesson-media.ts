import { MediaIngestService } from '@modules/media';
import type { ServerSecret } from '@platform/http/security/server-secret';
import { SERVER_SECRET } from '@platform/tokens';
import type { MediaDoc } from '@projections/media';
import { testClip } from '@testing/clips';
import { type Member, registerMember } from '@testing/members';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import { eventually } from '../../../src/testing/eventually';
import type { LearnView } from '../views';
import { commerceClient } from './commerce-fixtures';
import { approvedTeacher, courseBody, createCourse, enrol, moderator } from './courses';

export const PRIVATE = 'private, no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NOT_FOUND = { error: 'Not Found', message: 'Media not found', code: 'NOT_FOUND' };

/** A 1 s H.264 clip. */
const clip = () => testClip({ size: '320x240', rate: 15, seconds: 1 }).bytes;

/** Jobs done and the media projection caught up: the item is ready or failed. */
export async function whenDone(rt: Runtime, mediaId: string): Promise<MediaDoc> {
  await rt.platform.jobQueue.idle();
  return eventually(
    () => rt.readModels.collection<MediaDoc>('media').get(mediaId),
    (doc) => !!doc && doc.status !== 'processing',
    `media ${mediaId} processed`,
  ) as Promise<MediaDoc>;
}

/**
 * What the lesson media suites (lesson-media*.api.test.ts) share: a teacher's course of a free preview
 * and a paid lesson, each a processed clip, a student enrolled in it, a member who is not, a moderator;
 * and the requests and expectations on its media.
 */
export function lessonMediaKit(rt: () => Runtime) {
  const server = () => rt().http!.getHttpServer();
  const guest = () => request(server());
  const secret = () => rt().http!.get<symbol, ServerSecret>(SERVER_SECRET);
  const { post, types, order } = commerceClient(rt);
  const learn = async (m: Member, courseId: string) =>
    (await m.agent.get(`/api/courses/${courseId}/learn`).expect(200)).body as LearnView;
  const lessonOf = (view: LearnView, title: string) =>
    view.sections.flatMap((s) => s.lessons).find((l) => l.title === title)!;
  const videoOf = (view: LearnView, title: string) => {
    const content = lessonOf(view, title).content;
    if (content?.kind !== 'video') throw new Error(`${title}: no video content (${JSON.stringify(content)})`);
    return content;
  };

  let mod: Member;
  let teacher: Member;
  let student: Member;
  let outsider: Member;
  let paid: MediaDoc;
  let preview: MediaDoc;
  let courseId: string;

  /** Every way to fetch an item's files: the best file, the MP4, the negotiated poster, a poster file. */
  const paths = (doc: MediaDoc) => {
    const posterFile = doc.variants.find((v) => v.role === 'poster')!.name;
    return [
      `/media/${doc.id}`,
      `/media/${doc.id}/video.mp4`,
      `/media/${doc.id}/poster`,
      `/media/${doc.id}/${posterFile}`,
    ];
  };

  /** A clip the teacher uploads, once processed. */
  const ingest = async (filename: string) => {
    const media = await rt()
      .http!.get(MediaIngestService)
      .ingest({ ownerId: teacher.id, source: { buffer: clip() }, purpose: 'post', filename }, { actor: teacher.id });
    return whenDone(rt(), media.id);
  };

  beforeAll(async () => {
    mod = await moderator(rt());
    teacher = await approvedTeacher(rt(), mod);
    [student, outsider] = await Promise.all([registerMember(rt()), registerMember(rt())]);
    [paid, preview] = [await ingest('paid.mp4'), await ingest('preview.mp4')];
    expect([paid.status, preview.status]).toEqual(['ready', 'ready']);
    courseId = await createCourse(
      teacher,
      courseBody({
        price: '1500',
        sections: [
          {
            title: 'Recitation',
            lessons: [
              {
                title: 'Watch first',
                durationSec: 60,
                freePreview: true,
                content: { kind: 'video', mediaId: preview.id },
              },
              { title: 'The paid lesson', durationSec: 60, content: { kind: 'video', mediaId: paid.id } },
            ],
          },
        ],
      }),
    );
    await enrol(rt(), courseId, teacher.id, student.id, false);
  });

  /** 200 in full and 206 for a range, stored by no cache. */
  async function expectServed(who: string, get: (path: string) => request.Test, path: string) {
    for (const range of [undefined, 'bytes=0-99']) {
      const res = await (range ? get(path).set('Range', range) : get(path));
      expect({ who, path, range, status: res.status }).toEqual({ who, path, range, status: range ? 206 : 200 });
      expect([who, path, res.headers['cache-control']]).toEqual([who, path, PRIVATE]);
      expect(res.headers.vary).toMatch(/\bCookie\b/);
      if (range) expect(res.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    }
  }

  /** Exactly what an unknown id answers, with or without a range. */
  async function expectRefused(who: string, get: (path: string) => request.Test, path: string) {
    for (const range of [undefined, 'bytes=0-99']) {
      const res = await (range ? get(path).set('Range', range) : get(path));
      expect({ who, path, range, status: res.status, body: res.body }).toEqual({
        who,
        path,
        range,
        status: 404,
        body: NOT_FOUND,
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  }

  /** A new member who bought the course by card in the sandbox: paid, enrolled, and their learn view. */
  async function newBuyer() {
    const buyer = await registerMember(rt());
    const res = await post(buyer, '/api/checkout', { method: 'card', courseIds: [courseId], expectedTotal: '1500' });
    expect(res.status).toBe(201);
    const orderId = (res.body as { orderId: string }).orderId;
    await eventually(
      () => order(buyer, orderId),
      (o) => o.status === 'paid',
      'order paid',
    );
    const view = await eventually(
      () => learn(buyer, courseId),
      (v) => v.enrolled,
      'buyer enrolled',
    );
    return { buyer, orderId, view };
  }

  const signedPath = (view: LearnView, path: string) => {
    const url = videoOf(view, 'The paid lesson').url;
    return `${path}${url.slice(url.indexOf('?'))}`;
  };

  return {
    guest,
    secret,
    post,
    types,
    order,
    learn,
    lessonOf,
    videoOf,
    paths,
    ingest,
    expectServed,
    expectRefused,
    newBuyer,
    signedPath,
    /** Who and what the setup made, once it ran (in a beforeAll). */
    made: () => ({ mod, teacher, student, outsider, paid, preview, courseId }),
  };
}
