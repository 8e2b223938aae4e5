import type { RouteRule } from './rule';

/** Orphan sponsorship, donations, disbursements and their auditors. The fields are explained in ./rule.ts. */
export const SUPPORT_ROUTES: Record<string, RouteRule> = {
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
};
