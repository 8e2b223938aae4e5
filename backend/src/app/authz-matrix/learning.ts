import { COURSE_BODY } from '@testing/owned-resources';

import type { RouteRule } from './rule';

const LEARNING = { id: 'learningCourse', lessonId: 'learningLesson' } as const;
const COURSE = { id: 'course' } as const;

/** Teachers, courses and lessons, reviews, the cart, orders and payments. The fields are explained in ./rule.ts. */
export const LEARNING_ROUTES: Record<string, RouteRule> = {
  // ---- learning ---------------------------------------------------------------------------------
  'GET /api/courses': { access: 'public', ok: 200 },
  'GET /api/courses/stats': { access: 'public', ok: 200 },
  'GET /api/courses/:id': { access: 'public', ok: 200, params: COURSE },
  'GET /api/courses/:id/learn': {
    access: 'public',
    ok: 200,
    params: COURSE,
    why: 'the free previews are open to all; the locked lessons are checked by learning-progress tests',
  },
  'GET /api/courses/:id/reviews': { access: 'public', ok: 200, params: COURSE },
  // owner: an approved teacher.
  'POST /api/courses': { access: 'owner', ok: 201, body: COURSE_BODY },
  'PATCH /api/courses/:id': { access: 'owner', ok: 200, params: COURSE, body: { title: 'Tajweed, step by step' } },
  'POST /api/courses/:id/publish': { access: 'owner', ok: 200, params: { id: 'draftCourse' } },
  'POST /api/courses/:id/unpublish': { access: 'owner', ok: 200, params: { id: 'draftCourse' } },
  // owner: enrolled in the peer's course (learningCourse); the others are not.
  'POST /api/courses/:id/lessons/:lessonId/complete': { access: 'owner', ok: 200, params: LEARNING },
  'PUT /api/courses/:id/lessons/:lessonId/position': {
    access: 'owner',
    ok: 204,
    params: LEARNING,
    body: { seconds: 12 },
  },
  'POST /api/courses/:id/reviews': {
    access: 'owner',
    ok: 201,
    params: { id: 'learningCourse' },
    body: { rating: 5, comment: 'Clear' },
  },
  // owner: the teacher, answering the peer's review of their course.
  'POST /api/courses/:id/reviews/:studentId/reply': {
    access: 'owner',
    ok: 200,
    params: { id: 'course', studentId: 'peerId' },
    body: { text: 'Jazakallahu khayran' },
  },
  'POST /api/course/:id/enroll': {
    access: 'signed-in',
    ok: 201,
    params: COURSE,
    except: { owner: 409 },
    why: 'a teacher owns their course already',
  },
  'GET /api/vendor/courses': { access: 'owner', ok: 200 },
  'GET /api/vendor/courses/:id': { access: 'owner', ok: 200, params: COURSE },
  'GET /api/vendor/media/:id': {
    access: 'signed-in',
    ok: 404,
    params: { id: 'unknown' },
    why: "the fixtures upload no video; a teacher's own preview and another's 404 are in lesson-duration.api.test.ts",
  },
  'POST /api/vendor/register': {
    access: 'signed-in',
    ok: 201,
    except: { owner: 409 },
    why: 'the owner is a teacher already',
    body: { bio: 'Ijazah in Hafs, teaching since 2010', topics: ['Quran'], priceRange: '$0 - $25' },
  },
  'GET /api/vendor/status': { access: 'signed-in', ok: 200 },
  'GET /api/student/courses': { access: 'signed-in', ok: 200 },
  // Certificates of completion: issuing, verifying, listing and revoking are in certificates.api.test.ts.
  'GET /api/certificates/:id': {
    access: 'public',
    ok: 404,
    params: { id: '=K7M2Q9X4B8C3D5F6' },
    why: 'a code no one holds: a guest verifies a real one in certificates.api.test.ts',
  },
  'GET /api/me/certificates': { access: 'signed-in', ok: 200 },
  'POST /api/courses/:id/certificate': {
    access: 'signed-in',
    ok: 404,
    params: { id: 'unknown' },
    why: 'an unknown course: whether a student finished one depends on the order the matrix completes lessons in; issuing is in certificates.api.test.ts',
  },
  'GET /api/cart': { access: 'signed-in', ok: 200 },
  'GET /api/cart/items': { access: 'signed-in', ok: 200 },
  'POST /api/cart/add': {
    access: 'signed-in',
    ok: 201,
    body: (f) => ({ courseId: f.paidCourse }),
    except: { owner: 409 },
    why: 'a teacher owns their course already',
  },
  'POST /api/cart/items': {
    access: 'signed-in',
    ok: 201,
    body: (f) => ({ courseId: f.otherPaidCourse }),
    except: { owner: 409 },
    why: 'a teacher owns their course already',
  },
  'DELETE /api/cart/remove/:courseId': { access: 'signed-in', ok: 200, params: { courseId: 'paidCourse' } },
  'POST /api/checkout': {
    access: 'signed-in',
    ok: 201,
    body: (f) => ({ method: 'card', courseIds: [f.paidCourse], expectedTotal: '1500' }),
    except: { owner: 409 },
    why: 'a teacher owns their course already',
  },
  'GET /api/orders': { access: 'signed-in', ok: 200 },
  'GET /api/orders/:id': { access: 'owner', ok: 200, denied: 404, params: { id: 'order' } },
  'POST /api/orders/:id/refund': { access: 'owner', ok: 200, denied: 404, params: { id: 'order' } },
  'POST /api/orders/:id/cancel': {
    access: 'owner',
    ok: 409,
    denied: 404,
    params: { id: 'order' },
    why: 'the shared order is paid, so its owner gets ORDER_NOT_PENDING; cancelling a pending one is in order-cancel.api.test.ts',
  },
  'POST /api/orders/:id/pay': {
    access: 'signed-in',
    ok: 404,
    params: { id: '=no-such-order' },
    body: {},
    why: "an unknown order: the shared order's payment races its sandbox; paying again is in checkout-trust.api.test.ts",
  },
  'POST /api/admin/orders/:id/refund': {
    access: 'staff',
    ok: 404,
    params: { id: '=no-such-order' },
    body: { reason: 'Charged twice by the bank' },
    why: "an unknown order: the shared order is the owner's refund above; moderators' refunds are in refunds.api.test.ts",
  },
  'GET /api/payments/config': { access: 'public', ok: 200 },
  'POST /api/payments/callbacks/daraja': { access: 'public', ok: 404, why: 'Daraja is not configured in tests' },
  'POST /api/payments/webhooks/:provider': { access: 'public', ok: 400, params: { provider: '=sandbox' }, body: {} },
};
