import { suspension } from '@testing/owned-resources';

import type { RouteRule } from './rule';

const STAFF_REASON = { reason: 'Breaks the community guidelines' };

const POST = { id: 'post' } as const;

/** The staff console: teacher vetting, reports, hiding, sanctions and the audit views. The fields are explained in ./rule.ts. */
export const MODERATION_ROUTES: Record<string, RouteRule> = {
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
  'GET /api/admin/appeals': { access: 'staff', ok: 200 },
  'POST /api/admin/posts/:id/reject-appeal': {
    access: 'staff',
    ok: 200,
    params: { id: 'appealedPost' },
    fresh: 'appealedPost',
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
  'GET /api/admin/audit/streams/:streamId/diff': {
    access: 'staff',
    ok: 200,
    params: { streamId: 'ownerStream' },
    query: { from: '0', to: '0' },
  },
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
