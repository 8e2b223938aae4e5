import { type Cast, ROLE_NAMES, type RoleName, secondSession, signUpCast } from '@testing/cast';
import { registerMember } from '@testing/members';
import {
  appealedPost,
  applicant,
  freshComment,
  freshCommunity,
  freshDraft,
  freshNotification,
  freshPost,
  hiddenPost,
  ownedResources,
  reportedPost,
  suspendedMember,
} from '@testing/owned-resources';
import { describeOnProfiles } from '@testing/profiles';
import { unlimited } from '@testing/unlimited';

import { appRoutes, type Route, routeKey } from '../testing/routes';
import { type FixtureName, ROUTE_ACCESS, type RouteRule } from './authz-matrix.table';

type Fixtures = Record<FixtureName, string>;

/** The status a visitor should get from a route, from the route's rule (see the table's header). */
export function expectedStatus(rule: RouteRule, role: RoleName): number {
  const except = rule.except?.[role];
  if (except !== undefined) return except;
  const denied = rule.denied ?? 403;
  if (rule.access === 'public') return rule.ok;
  if (role === 'guest') return 401;
  switch (rule.access) {
    case 'signed-in':
      return rule.ok;
    case 'owner':
      if (role === 'owner') return rule.ok;
      if ((role === 'moderator' || role === 'admin') && rule.staff === 'ok') return rule.ok;
      return denied;
    case 'staff':
      return role === 'moderator' || role === 'admin' ? rule.ok : 403;
    case 'admin':
      return role === 'admin' ? rule.ok : 403;
  }
}

const fill = (path: string, rule: RouteRule, f: Fixtures) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const source = rule.params?.[name] ?? 'unknown';
    return encodeURIComponent(source.startsWith('=') ? source.slice(1) : f[source as FixtureName]);
  });

describeOnProfiles('authorisation matrix', (rt) => {
  let cast: Cast;
  let fixtures: Fixtures;
  let routes: Route[];

  beforeAll(async () => {
    const started = Date.now();
    // The matrix sends ~1000 requests from one address: rate limits are not what it checks.
    unlimited(rt());
    cast = await signUpCast(rt());
    fixtures = await ownedResources(rt(), cast);
    routes = appRoutes(rt());
    console.log(`authorisation matrix: cast and fixtures made in ${Date.now() - started} ms`);
  }, 180_000);

  it('has a rule for every route the app serves, and none for a route it does not', () => {
    const served = routes.map(routeKey);
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((k) => !(k in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((k) => !served.includes(k))).toEqual([]);
  });

  /** A fixture used up by the route, made anew for a visitor who is expected to get through. */
  async function freshFixtures(rule: RouteRule): Promise<Fixtures> {
    const owner = cast.visitors.owner.member!;
    const moderator = cast.visitors.moderator.member!;
    switch (rule.fresh) {
      case undefined:
        return fixtures;
      case 'post':
        return { ...fixtures, post: await freshPost(owner) };
      case 'comment':
        return { ...fixtures, comment: await freshComment(owner, fixtures.post) };
      case 'draft':
        return { ...fixtures, draft: await freshDraft(owner) };
      case 'hiddenPost':
        return { ...fixtures, hiddenPost: await hiddenPost(owner, moderator) };
      case 'appealedPost':
        return { ...fixtures, appealedPost: await appealedPost(owner, moderator) };
      case 'subjectId':
        return { ...fixtures, subjectId: (await registerMember(rt())).id };
      case 'notification':
        return { ...fixtures, notification: await freshNotification(owner, cast.peer) };
      case 'applicant':
        return { ...fixtures, applicant: await applicant(rt()) };
      case 'reportedPost':
        return { ...fixtures, reportedPost: await reportedPost(owner, cast.peer) };
      case 'community':
        return { ...fixtures, community: await freshCommunity(owner) };
      case 'suspendedSubject':
        return { ...fixtures, suspendedSubject: await suspendedMember(rt(), moderator) };
      default:
        throw new Error(`No fresh ${rule.fresh}`);
    }
  }

  /** Sends one cell's request and answers what came back. */
  async function send(route: Route, rule: RouteRule, role: RoleName, want: number) {
    const f = rule.fresh && want < 300 ? await freshFixtures(rule) : fixtures;
    const visitor = rule.endsSession ? await secondSession(rt(), cast.visitors[role]) : cast.visitors[role];
    const body = typeof rule.body === 'function' ? rule.body(f) : rule.body;
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let req = visitor.agent[method](fill(route.path, rule, f)).set('X-CSRF-Token', visitor.token);
    if (rule.query) req = req.query(rule.query);
    if (rule.headers) req = req.set(rule.headers);
    if (Buffer.isBuffer(body)) req = req.set('Content-Type', 'application/octet-stream');
    return body !== undefined ? req.send(body) : req;
  }

  it('refuses a guest, and a member on staff and admin routes, before it reads the body', async () => {
    // No body at all fails every body schema: were the body checked first, the answer would be a
    // 400. Ownership is decided later by design: the resource must be loaded first.
    const wrong: string[] = [];
    let cells = 0;
    for (const route of routes) {
      const rule = ROUTE_ACCESS[routeKey(route)];
      if (!rule || route.method === 'GET' || rule.endsSession) continue;
      await Promise.all(
        ROLE_NAMES.map(async (role) => {
          if (rule.access === 'public' || rule.except?.[role] !== undefined) return;
          const want = expectedStatus(rule, role);
          if (want !== 401 && !(want === 403 && (rule.access === 'staff' || rule.access === 'admin'))) return;
          const visitor = cast.visitors[role];
          const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
          const res = await visitor.agent[method](fill(route.path, rule, fixtures)).set('X-CSRF-Token', visitor.token);
          cells++;
          if (res.status !== want)
            wrong.push(`${routeKey(route)} as ${role} with no body: ${res.status} (expected ${want})`);
        }),
      );
    }
    console.log(`authorisation matrix: ${cells} refusals checked with no body`);
    expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThan(100);
  }, 120_000);

  it('answers each visitor of each route as its rule says', async () => {
    const wrong: string[] = [];
    let cells = 0;
    // Routes run one after the other in key order (the table's later entries may rely on the
    // earlier ones, e.g. a cart filled before the checkout); those that end a session go last.
    const rank = (r: Route) => ['signs-out', 'deletes-account'].indexOf(ROUTE_ACCESS[routeKey(r)]?.endsSession ?? '');
    const ordered = [...routes].sort((a, b) => rank(a) - rank(b));
    const started = Date.now();
    for (const route of ordered) {
      const key = routeKey(route);
      const rule = ROUTE_ACCESS[key];
      if (!rule) continue;
      // The six visitors of one route at once: each acts on their own state or a fixture of their own.
      await Promise.all(
        ROLE_NAMES.map(async (role) => {
          const want = expectedStatus(rule, role);
          const res = await send(route, rule, role, want);
          cells++;
          if (res.status !== want)
            wrong.push(`${key} as ${role}: ${res.status} (expected ${want}) ${JSON.stringify(res.body).slice(0, 160)}`);
        }),
      );
    }
    console.log(
      `authorisation matrix: ${routes.length} routes × ${ROLE_NAMES.length} roles = ${cells} cells checked in ${Date.now() - started} ms`,
    );
    expect(wrong).toEqual([]);
    expect(cells).toBe(routes.length * ROLE_NAMES.length);
    // Generous: ~25 s on a quiet machine, but the 2 shared cores are often loaded many times over.
  }, 240_000);
});
