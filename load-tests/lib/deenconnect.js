// What the DeenConnect k6 scripts share: configuration from __ENV, signing a VU in as a seeded
// member through the real auth API (CSRF cookie + header, then /api/auth/login), and request
// parameters for state-changing calls. Plain k6 JavaScript: it runs on k6 and on `npm run load`.
import http from 'k6/http';
import { check, fail } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');
/** How many seeded members there are (npm run load:seed -- --members N): VU n signs in as member (n-1) % MEMBERS. */
export const MEMBERS = Number(__ENV.MEMBERS || 100);
export const PASSWORD = __ENV.LOAD_PASSWORD || 'Load#Member2026';
export const USERNAME_PREFIX = __ENV.USERNAME_PREFIX || 'load_member_';

/**
 * Latency thresholds [p(95), p(99)] in ms; P95_MS / P99_MS replace them all (a smoke run on a busy
 * CI machine checks that everything answers, not how fast).
 */
export function latency(p95, p99) {
  return [`p(95)<${Number(__ENV.P95_MS || p95)}`, `p(99)<${Number(__ENV.P99_MS || p99)}`];
}

const SESSION_COOKIE = 'dc.sid';
const CSRF_COOKIE = 'dc.csrf';

/** This VU's session, kept across iterations (k6 empties the cookie jar after each one). */
let session = null;

export function memberName(n) {
  return `${USERNAME_PREFIX}${n % MEMBERS}`;
}

/** Signs in through the API as a browser does; fails the iteration with the server's answer if it cannot. */
export function signIn(username) {
  const csrf = http.get(`${BASE_URL}/api/auth/csrf`, { tags: { name: 'GET /api/auth/csrf' } });
  if (csrf.status !== 200) fail(`GET /api/auth/csrf answered ${csrf.status}: ${csrf.body}`);
  const token = csrf.json('csrfToken');
  const res = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ emailOrUsername: username, password: PASSWORD }),
    { headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token }, tags: { name: 'POST /api/auth/login' } },
  );
  const ok = check(res, {
    'signed in': (r) => r.status === 200 && !!r.cookies[SESSION_COOKIE] && !!r.cookies[CSRF_COOKIE],
  });
  if (!ok) fail(`signing in as ${username} answered ${res.status}: ${res.body} (seeded? npm run load:seed)`);
  // CSRF tokens are bound to the session: signing in answers a new one, and the guest's is refused from now on.
  const sid = res.cookies[SESSION_COOKIE][0].value;
  const sessionCsrf = decodeURIComponent(res.cookies[CSRF_COOKIE][0].value);
  return { username, userId: res.json('user.id'), sid, csrf: sessionCsrf };
}

/** The VU's member, signed in on its first iteration; its cookies put back in the jar every iteration. */
export function signedIn() {
  if (!session) session = signIn(memberName(__VU - 1));
  const jar = http.cookieJar();
  jar.set(BASE_URL, SESSION_COOKIE, session.sid, { path: '/' });
  jar.set(BASE_URL, CSRF_COOKIE, session.csrf, { path: '/' });
  return session;
}

/** Parameters of a JSON write: the CSRF header and a name tag for the summary and thresholds. */
export function writeParams(s, name) {
  return { headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': s.csrf }, tags: { name } };
}

/** setup(): the app answers and member 0 can sign in, or the run stops with what to do. */
export function assertReady() {
  const health = http.get(`${BASE_URL}/api/auth/health`, { tags: { name: 'GET /api/auth/health' } });
  if (health.status !== 200) fail(`${BASE_URL}/api/auth/health answered ${health.status}; is the app running?`);
  const member = signIn(memberName(0));
  return { base: BASE_URL, members: MEMBERS, probe: member.username };
}
