import { IdentityService } from '@modules/identity';
import { CommandExecutor } from '@platform/decider';
import { type Member, registerMember } from '@testing/members';

import type { Runtime } from '../../../src/runtime';
import { cartDecider } from '../domain/cart.decider';
import { enrolmentDecider } from '../domain/enrolment.decider';
import { reviewDecider } from '../domain/review.decider';
import { cartStream, enrolmentStream, reviewStream } from '../events';

/** A course body as the editor sends it: one section of a free-preview text lesson and a locked one. */
export function courseBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Tajweed for beginners',
    description: 'The rules of recitation, from the points of articulation to the rules of noon sakinah.',
    category: 'Quran',
    level: 'beginner',
    price: '1500',
    whatYouWillLearn: ['Pronounce every letter from its place', 'Apply the rules of noon sakinah'],
    sections: [
      {
        title: 'The letters',
        lessons: [
          {
            title: 'Where letters come from',
            durationSec: 300,
            freePreview: true,
            content: { kind: 'text', text: 'There are five places of articulation: the throat, the tongue…' },
          },
          {
            title: 'The throat letters',
            durationSec: 420,
            content: { kind: 'text', text: 'Hamzah and haa from the deepest part of the throat…' },
          },
        ],
      },
    ],
    ...overrides,
  };
}

export async function moderator(rt: Runtime): Promise<Member> {
  const m = await registerMember(rt);
  await rt.http!.get(IdentityService).changeRole(m.id, 'moderator', { actor: 'operator:test', requestId: null });
  return m;
}

/** A member whose teacher application a moderator approved. */
export async function approvedTeacher(
  rt: Runtime,
  mod: Member,
  bio = 'Ijazah in Hafs, teaching since 2010',
): Promise<Member> {
  const t = await registerMember(rt);
  await t.agent
    .post('/api/vendor/register')
    .set('X-CSRF-Token', t.token)
    .send({ bio, topics: ['Quran'], priceRange: '$0 - $25' })
    .expect(201);
  await mod.agent.post(`/api/admin/vendors/${t.id}/approve`).set('X-CSRF-Token', mod.token).expect(200);
  return t;
}

export async function createCourse(t: Member, body: Record<string, unknown> = courseBody(), publish = true) {
  const res = await t.agent.post('/api/courses').set('X-CSRF-Token', t.token).send(body);
  if (res.status !== 201) throw new Error(`POST /api/courses answered ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.id as string;
  if (publish) await t.agent.post(`/api/courses/${id}/publish`).set('X-CSRF-Token', t.token).expect(200);
  return id;
}

/** Enrols a student through the enrolment decider, as the enrol and checkout services do. */
export async function enrol(rt: Runtime, courseId: string, teacherId: string, userId: string, free = true) {
  await rt.http!.get(CommandExecutor).execute(
    enrolmentStream(courseId, userId),
    enrolmentDecider,
    {
      type: 'Enrol',
      courseId,
      userId,
      teacherId,
      source: free ? { kind: 'free' } : { kind: 'order', orderId: `order-of-${userId}` },
      course: { published: true, free },
      now: new Date().toISOString(),
    },
    { actor: userId },
  );
}

export async function completeLesson(
  rt: Runtime,
  courseId: string,
  userId: string,
  lessonIds: string[],
  lessonId: string,
) {
  await rt.http!.get(CommandExecutor).execute(
    enrolmentStream(courseId, userId),
    enrolmentDecider,
    {
      type: 'CompleteLesson',
      lessonId,
      lessons: lessonIds.map((id) => ({ id, durationSec: 600 })),
      now: new Date().toISOString(),
    },
    { actor: userId },
  );
}

export async function review(
  rt: Runtime,
  courseId: string,
  teacherId: string,
  userId: string,
  rating: number,
  comment = '',
) {
  await rt.http!.get(CommandExecutor).execute(
    reviewStream(courseId, userId),
    reviewDecider,
    {
      type: 'WriteReview',
      courseId,
      userId,
      teacherId,
      enrolled: true,
      rating,
      comment,
      now: new Date().toISOString(),
    },
    { actor: userId },
  );
}

/** Puts a course in a member's cart through the cart decider, as the cart service does. */
export async function addToCart(rt: Runtime, userId: string, courseId: string) {
  await rt.http!.get(CommandExecutor).execute(
    cartStream(userId),
    cartDecider,
    {
      type: 'AddToCart',
      userId,
      courseId,
      course: { published: true, free: false, owned: false },
      now: new Date().toISOString(),
    },
    { actor: userId },
  );
}
