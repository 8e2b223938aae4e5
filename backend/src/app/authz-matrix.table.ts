import type { RoleName } from '@testing/cast';
import { COURSE_BODY, PNG_1x1, suspension } from '@testing/owned-resources';

/**
 * Who may call each route, the table authz-matrix.api.test.ts checks against every route the app
 * serves (both ways: a route missing here fails, and so does an entry for a route that is gone).
 *
 * `access` is the rule; the expected status of each of the six visitors is derived from it:
 * - public: everyone gets `ok`;
 * - signed-in: a guest 401, every member `ok`;
 * - owner: a guest 401, a member who does not own the resource `denied` (403, or 404 where the
 *   resource is not shown to them at all), the owner `ok`, staff `denied` unless `staff: 'ok'`;
 * - staff: a guest 401, members 403, moderators and admins `ok`;
 * - admin: a guest 401, everyone but an admin 403.
 * `except` names the cells whose status is decided by something else than authorisation (each
 * with its reason in `why`): the documented validation or state answer of a visitor who passed it.
 *
 * `params` maps a path parameter to a fixture (testing/owned-resources.ts), or to a literal
 * written `=value`; `fresh` asks for a new one of that fixture for each visitor who is expected to succeed,
 * for routes that use it up (delete, hide...). `body` is a minimal valid body, so what is checked
 * is authorisation, not validation.
 */
export type Access = 'public' | 'signed-in' | 'owner' | 'staff' | 'admin';

export type FixtureName =
  | 'ownerId'
  | 'ownerUsername'
  | 'peerId'
  | 'subjectId'
  | 'strangerId'
  | 'post'
  | 'pollPost'
  | 'comment'
  | 'conversation'
  | 'message'
  | 'course'
  | 'draftCourse'
  | 'paidCourse'
  | 'lesson'
  | 'learningCourse'
  | 'learningLesson'
  | 'otherPaidCourse'
  | 'order'
  | 'applicant'
  | 'reportedPost'
  | 'spareAuditor'
  | 'hiddenPost'
  | 'suspendedSubject'
  | 'draft'
  | 'upload'
  | 'notification'
  | 'donation'
  | 'orphan'
  | 'auditor'
  | 'ownerStream'
  | 'mediaFile'
  | 'unknown';

export interface RouteRule {
  access: Access;
  ok: number;
  denied?: 403 | 404;
  staff?: 'ok';
  except?: Partial<Record<RoleName, number>>;
  why?: string;
  params?: Record<string, FixtureName | `=${string}`>;
  fresh?: FixtureName;
  body?: Record<string, unknown> | Buffer | ((f: Record<FixtureName, string>) => Record<string, unknown>);
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /**
   * Ends the session it is called with (signs out, or deletes the account): sent from a second
   * session of the visitor, after every other route, the account's deletion last of all.
   */
  endsSession?: 'signs-out' | 'deletes-account';
}

const STAFF_REASON = { reason: 'Breaks the community guidelines' };

const POST = { id: 'post' } as const;
const LEARNING = { id: 'learningCourse', lessonId: 'learningLesson' } as const;
const COURSE = { id: 'course' } as const;

export const ROUTE_ACCESS: Record<string, RouteRule> = {
  // ---- ops, session and identity ------------------------------------------------------------
  'GET /metrics': {
    access: 'public',
    ok: 404,
    why: 'on the app port only with METRICS_TOKEN and its bearer (metrics-access.api.test.ts); else METRICS_PORT',
  },
  'GET /api/ready': { access: 'public', ok: 200 },
  'GET /api/auth/csrf': { access: 'public', ok: 200 },
  'GET /api/auth/cookies-hint': { access: 'public', ok: 200 },
  'GET /api/auth/headers': { access: 'public', ok: 200 },
  'GET /api/auth/health': { access: 'public', ok: 200 },
  'GET /api/auth/me': { access: 'signed-in', ok: 200 },
  // A verification link is followed from the mail, signed in or not: a bad token redirects with an error.
  'GET /api/auth/verify-email': { access: 'public', ok: 302, query: { token: 'not-a-token' } },
  'POST /api/auth/register': {
    access: 'public',
    ok: 400,
    why: 'an empty form: the spec messages, whoever sends it (signing up again while signed in is allowed)',
    body: {},
  },
  'POST /api/auth/login': {
    access: 'public',
    ok: 401,
    body: { emailOrUsername: 'nobody_here', password: 'Wrong#password1' },
  },
  'POST /api/auth/forgot-password': { access: 'public', ok: 200, body: { email: 'nobody@example.test' } },
  'POST /api/auth/reset-password': {
    access: 'public',
    ok: 400,
    body: { token: 'not-a-token', newPassword: 'Bismillah#2027' },
  },
  'POST /api/auth/logout': { access: 'public', ok: 200, endsSession: 'signs-out' },
  'POST /api/resend-verification': {
    access: 'signed-in',
    ok: 200,
    except: { other: 400, owner: 400, moderator: 400, admin: 400 },
    why: 'their e-mail is verified already',
  },
  'GET /api/account': { access: 'signed-in', ok: 200 },
  'GET /api/account/export': { access: 'signed-in', ok: 200 },
  'DELETE /api/account': {
    access: 'signed-in',
    ok: 200,
    endsSession: 'deletes-account',
    body: { password: 'Bismillah#2026' },
  },
  'GET /api/dev/outbox': {
    access: 'public',
    ok: 200,
    why: 'development tooling: on in development and with DEV_ROUTES=true (the test harness), else 404',
  },

  // ---- relationships and profiles ---------------------------------------------------------------
  'GET /api/users/me/counts': { access: 'signed-in', ok: 200 },
  'GET /api/users/search': { access: 'signed-in', ok: 200, query: { q: 'amina' } },
  'POST /api/users/:id/follow': {
    access: 'signed-in',
    ok: 200,
    params: { id: 'ownerId' },
    except: { owner: 400 },
    why: 'no one follows themselves',
  },
  'DELETE /api/users/:id/follow': {
    access: 'signed-in',
    ok: 200,
    params: { id: 'ownerId' },
    except: { owner: 400 },
    why: 'no one follows themselves',
  },
  'POST /api/users/:id/block': { access: 'signed-in', ok: 200, params: { id: 'strangerId' } },
  'DELETE /api/users/:id/block': { access: 'signed-in', ok: 200, params: { id: 'strangerId' } },
  'POST /api/users/:id/mute': { access: 'signed-in', ok: 200, params: { id: 'strangerId' } },
  'DELETE /api/users/:id/mute': { access: 'signed-in', ok: 200, params: { id: 'strangerId' } },
  'POST /api/users/:id/report': {
    access: 'signed-in',
    ok: 201,
    params: { id: 'strangerId' },
    body: { reason: 'Spam' },
  },
  'POST /api/profile/update': { access: 'signed-in', ok: 200, body: { bio: 'Student of knowledge' } },
  'GET /api/profile/:username': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  'GET /api/profile/:username/followers': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  'GET /api/profile/:username/following': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  'GET /api/profile/:username/posts': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  'GET /api/profile/:username/media': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  'GET /api/profile/:username/replies': { access: 'public', ok: 200, params: { username: 'ownerUsername' } },
  'GET /api/profile/:username/likes': {
    access: 'owner',
    ok: 200,
    params: { username: 'ownerUsername' },
    except: { guest: 403 },
    why: 'likes are private: a guest is told so too, not asked to sign in',
  },

  // ---- media --------------------------------------------------------------------------------------
  'GET /media/:id': { access: 'public', ok: 404, why: 'an unknown media id' },
  'GET /media/:id/:file': { access: 'public', ok: 404, why: 'an unknown media id' },
  'GET /media/profiles/:name': { access: 'public', ok: 404, why: 'an unknown picture' },
  'GET /api/placeholder-image': { access: 'public', ok: 200 },
  'GET /api/placeholder-video': { access: 'public', ok: 200 },
  'POST /api/uploads/init': {
    access: 'signed-in',
    ok: 201,
    body: {
      filename: 'notes.txt',
      fileSize: 5,
      fileType: 'text/plain',
      totalChunks: 1,
      checksum: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    },
  },
  'GET /api/uploads/:uploadId': { access: 'owner', ok: 200, params: { uploadId: 'upload' } },
  'POST /api/uploads/:uploadId/chunk/:index': {
    access: 'owner',
    ok: 201,
    params: { uploadId: 'upload', index: '=0' },
    headers: { 'Content-Range': `bytes 0-${PNG_1x1.length - 1}/${PNG_1x1.length}` },
    body: PNG_1x1,
  },
  'POST /api/uploads/:uploadId/finalize': { access: 'owner', ok: 200, params: { uploadId: 'upload' } },

  // ---- posts ----------------------------------------------------------------------------------------
  'GET /api/posts': { access: 'public', ok: 200 },
  'GET /api/feed': { access: 'signed-in', ok: 200 },
  'GET /api/qa/feed': { access: 'public', ok: 200 },
  'GET /api/videos': { access: 'public', ok: 200 },
  'GET /api/bookmarks': { access: 'signed-in', ok: 200 },
  'POST /api/posts': { access: 'signed-in', ok: 201, body: { content: 'Salaam' } },
  'POST /api/posts/video': { access: 'signed-in', ok: 400, why: 'no video file' },
  'GET /api/posts/video/drafts': { access: 'signed-in', ok: 200 },
  'POST /api/posts/video/drafts': { access: 'signed-in', ok: 201, body: { caption: 'A draft' } },
  'DELETE /api/posts/video/drafts/:draftId': {
    access: 'owner',
    ok: 200,
    denied: 404,
    params: { draftId: 'draft' },
    fresh: 'draft',
  },
  'GET /api/posts/:id': { access: 'public', ok: 200, params: POST },
  'DELETE /api/posts/:id': { access: 'owner', ok: 200, staff: 'ok', params: POST, fresh: 'post' },
  'PATCH /api/posts/:id/edit': { access: 'owner', ok: 200, params: POST, body: { content: 'Salaam, edited' } },
  'POST /api/posts/:id/pin': { access: 'owner', ok: 200, params: POST },
  'POST /api/posts/:id/poll/vote': { access: 'signed-in', ok: 200, params: { id: 'pollPost' }, body: { option: 1 } },
  'POST /api/posts/:id/report': { access: 'signed-in', ok: 201, params: POST, body: { reason: 'Spam' } },
  'POST /api/posts/:id/repost': { access: 'signed-in', ok: 200, params: POST },
  'DELETE /api/posts/:id/repost': { access: 'signed-in', ok: 200, params: POST },
  'POST /api/posts/:id/like': { access: 'signed-in', ok: 200, params: POST },
  'DELETE /api/posts/:id/like': { access: 'signed-in', ok: 200, params: POST },
  'POST /api/posts/:id/bookmark': { access: 'signed-in', ok: 200, params: POST },
  'DELETE /api/posts/:id/bookmark': { access: 'signed-in', ok: 200, params: POST },
  'GET /api/posts/:id/comments': { access: 'public', ok: 200, params: POST },
  'POST /api/posts/:id/comments': { access: 'signed-in', ok: 201, params: POST, body: { content: 'Ameen' } },
  'DELETE /api/posts/:id/comments/:commentId': {
    access: 'owner',
    ok: 200,
    params: { id: 'post', commentId: 'comment' },
    fresh: 'comment',
  },
  'POST /api/comments/:id/report': {
    access: 'signed-in',
    ok: 201,
    params: { id: 'comment' },
    body: { reason: 'Spam' },
  },
  'POST /api/ai-share': {
    access: 'signed-in',
    ok: 422,
    why: 'an answer the scholar never gave the visitor (ANSWER_NOT_PRODUCED): a genuine share is in answers.api.test.ts',
    body: { question: 'What is zakat?', answer: 'A yearly due on savings above the nisab.' },
  },
  'POST /api/ai/ask': { access: 'public', ok: 200, body: { question: 'What is zakat?' } },
  'GET /api/search/results': { access: 'public', ok: 200, query: { q: 'salaam' } },

  // ---- notifications ----------------------------------------------------------------------------
  'GET /api/notifications': { access: 'signed-in', ok: 200 },
  'GET /api/notifications/unread-count': { access: 'signed-in', ok: 200 },
  'PUT /api/notifications/mark-all-read': { access: 'signed-in', ok: 200 },
  'PUT /api/notifications/:id/read': {
    access: 'owner',
    ok: 200,
    denied: 404,
    params: { id: 'notification' },
    fresh: 'notification',
  },
  'DELETE /api/notifications/:id': {
    access: 'owner',
    ok: 200,
    denied: 404,
    params: { id: 'notification' },
    fresh: 'notification',
  },

  // ---- messaging --------------------------------------------------------------------------------
  'GET /api/conversations': { access: 'signed-in', ok: 200 },
  'POST /api/conversations': { access: 'signed-in', ok: 201, body: (f) => ({ userId: f.peerId }) },
  'GET /api/conversations/:id': { access: 'owner', ok: 200, params: { id: 'conversation' } },
  'GET /api/conversations/:id/messages': { access: 'owner', ok: 200, params: { id: 'conversation' } },
  'POST /api/conversations/:id/mark-read': { access: 'owner', ok: 200, params: { id: 'conversation' } },
  'POST /api/conversations/:id/mute': {
    access: 'owner',
    ok: 200,
    params: { id: 'conversation' },
    body: { muted: true },
  },
  'POST /api/conversations/:id/archive': {
    access: 'owner',
    ok: 200,
    params: { id: 'conversation' },
    body: { archived: false },
  },
  'POST /api/messages': {
    access: 'owner',
    ok: 201,
    body: (f) => ({ conversationId: f.conversation, content: 'Salaam' }),
  },
  'POST /api/messages/:id/star': { access: 'owner', ok: 200, params: { id: 'message' }, body: { starred: true } },
  'POST /api/messages/:id/report': {
    access: 'owner',
    ok: 201,
    denied: 404,
    params: { id: 'message' },
    body: { reason: 'Spam' },
  },

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
  'POST /api/vendor/register': {
    access: 'signed-in',
    ok: 201,
    except: { owner: 409 },
    why: 'the owner is a teacher already',
    body: { bio: 'Ijazah in Hafs, teaching since 2010', topics: ['Quran'], priceRange: '$0 - $25' },
  },
  'GET /api/vendor/status': { access: 'signed-in', ok: 200 },
  'GET /api/student/courses': { access: 'signed-in', ok: 200 },
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

  // ---- support ----------------------------------------------------------------------------------
  'GET /api/orphans': { access: 'public', ok: 200 },
  'GET /api/auditors': { access: 'public', ok: 200 },
  'GET /api/donations/status': { access: 'public', ok: 200 },
  'GET /api/donations/ledger': { access: 'public', ok: 200 },
  'POST /api/donate': {
    access: 'signed-in',
    ok: 201,
    body: { amount: 1000, method: 'card', cardNumber: '4242 4242 4242 4242' },
  },
  'GET /api/donations/:id': { access: 'owner', ok: 200, denied: 404, params: { id: 'donation' } },
  'POST /api/notify/donations-open': { access: 'public', ok: 200, body: { email: 'donor@example.test' } },
  'GET /api/notify/donations-open/confirm': {
    access: 'public',
    ok: 400,
    why: 'a token that is not one of ours (LINK_INVALID): the mailed link is followed in notify.api.test.ts',
    query: { token: 'not-a-token' },
  },
  'GET /api/notify/donations-open/unsubscribe': {
    access: 'public',
    ok: 400,
    why: 'a token that is not one of ours (LINK_INVALID): the mailed link is followed in notify.api.test.ts',
    query: { token: 'not-a-token' },
  },
  'POST /api/notify/donations-open/confirm': {
    access: 'public',
    ok: 400,
    why: 'a token that is not one of ours (LINK_INVALID): the page button is pressed in notify.api.test.ts',
    body: { token: 'not-a-token' },
  },
  'POST /api/notify/donations-open/unsubscribe': {
    access: 'public',
    ok: 400,
    why: 'a token that is not one of ours (LINK_INVALID): the button and the one-click POST are in notify.api.test.ts',
    body: { token: 'not-a-token' },
  },
  'GET /api/admin/orphans': { access: 'admin', ok: 200 },
  'POST /api/admin/orphans': {
    access: 'admin',
    ok: 201,
    body: {
      uniqueId: 'AUTHZ-MATRIX',
      location: 'Kibera, Nairobi',
      status: 'Active',
      goal: '50000',
      story: 'Lives with her grandmother; school fees and uniforms for the coming year.',
    },
  },
  'PATCH /api/admin/orphans/:id': {
    access: 'admin',
    ok: 200,
    params: { id: 'orphan' },
    body: { location: 'Mathare, Nairobi' },
  },
  'POST /api/admin/auditors': {
    access: 'admin',
    ok: 201,
    body: {
      name: 'Amana Audit',
      logo: null,
      lastAuditDate: '2026-01-15',
      isoCertified: true,
      governmentApproved: true,
    },
  },
  'PATCH /api/admin/auditors/:id': {
    access: 'admin',
    ok: 200,
    params: { id: 'auditor' },
    body: { isoCertified: false },
  },
  'DELETE /api/admin/auditors/:id': { access: 'admin', ok: 204, params: { id: 'spareAuditor' } },
  'PUT /api/admin/donations': { access: 'admin', ok: 200, body: { paused: false } },
  'POST /api/admin/disbursements': { access: 'admin', ok: 201, body: { amount: 100, note: 'School fees' } },

  // ---- moderation -------------------------------------------------------------------------------
  'GET /api/admin/vendors': { access: 'staff', ok: 200 },
  'POST /api/admin/vendors/:userId/approve': {
    access: 'staff',
    ok: 200,
    params: { userId: 'applicant' },
    fresh: 'applicant',
  },
  'POST /api/admin/vendors/:userId/reject': {
    access: 'staff',
    ok: 200,
    params: { userId: 'applicant' },
    fresh: 'applicant',
    body: { reason: 'Incomplete' },
  },
  'GET /api/admin/reports': { access: 'staff', ok: 200 },
  'POST /api/admin/reports/:targetType/:targetId/dismiss': {
    access: 'staff',
    ok: 200,
    params: { targetType: '=post', targetId: 'reportedPost' },
    fresh: 'reportedPost',
    body: STAFF_REASON,
  },
  'POST /api/admin/posts/:id/hide': { access: 'staff', ok: 200, params: POST, fresh: 'post', body: STAFF_REASON },
  'POST /api/admin/posts/:id/restore': {
    access: 'staff',
    ok: 200,
    params: { id: 'hiddenPost' },
    fresh: 'hiddenPost',
    body: STAFF_REASON,
  },
  'POST /api/admin/comments/:id/delete': {
    access: 'staff',
    ok: 200,
    params: { id: 'comment' },
    fresh: 'comment',
    body: STAFF_REASON,
  },
  // A member of their own for each: a moderator and an admin warning the same one at once may meet a 409.
  'POST /api/admin/users/:id/warn': {
    access: 'staff',
    ok: 200,
    params: { id: 'subjectId' },
    fresh: 'subjectId',
    body: STAFF_REASON,
  },
  'POST /api/admin/users/:id/suspend': {
    access: 'staff',
    ok: 200,
    params: { id: 'subjectId' },
    fresh: 'subjectId',
    body: () => suspension(),
  },
  'POST /api/admin/users/:id/unsuspend': {
    access: 'staff',
    ok: 200,
    params: { id: 'suspendedSubject' },
    fresh: 'suspendedSubject',
    body: STAFF_REASON,
  },
  'GET /api/admin/audit/streams': { access: 'staff', ok: 200, query: { q: 'post' } },
  'GET /api/admin/audit/streams/:streamId/events': { access: 'staff', ok: 200, params: { streamId: 'ownerStream' } },
  'GET /api/admin/audit/streams/:streamId/state': { access: 'staff', ok: 200, params: { streamId: 'ownerStream' } },
  'GET /api/admin/audit/members/:userId/streams': { access: 'staff', ok: 200, params: { userId: 'ownerId' } },
  'GET /api/admin/projections': { access: 'staff', ok: 200 },
  'GET /api/admin/projections/verify': { access: 'staff', ok: 200 },
  'POST /api/admin/projections/:name/rebuild': {
    access: 'admin',
    ok: 404,
    why: 'an unknown projector',
    params: { name: '=nope' },
  },
};
