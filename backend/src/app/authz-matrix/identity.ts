import type { RouteRule } from './rule';

/** The ops probes, the session and the account. The fields are explained in ./rule.ts. */
export const IDENTITY_ROUTES: Record<string, RouteRule> = {
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
};
