import { type Cast, type RoleName, signUpCast, type Visitor } from '@testing/cast';
import { type HostileBody, hostileBody, hostilePathParam, hostileQuery } from '@testing/hostile';
import { anonymous, registerMember } from '@testing/members';
import { ownedResources } from '@testing/owned-resources';
import { describeOnProfiles } from '@testing/profiles';
import { appRoutes, type Route, routeKey } from '@testing/routes';
import { unlimited } from '@testing/unlimited';
import fc from 'fast-check';

import { type FixtureName, ROUTE_ACCESS, type RouteRule } from './authz-matrix.table';

/**
 * Property: whatever a client sends to any route the app serves (hostile bodies built from the
 * route's valid body in authz-matrix.table.ts, hostile query strings and path parameters), the
 * answer is never a 5xx, and a refused request appends no event at all (nothing half-written).
 * Requests are sent as the visitor the route's rule lets through, so validation is what is hit.
 * HOSTILE_RUNS sets the cases per route (CI keeps the default; raise it to search harder).
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 4);
// CI runs one fixed seed, so a red run can be replayed and a green one stays green; anywhere else each
// run explores new cases (set HOSTILE_SEED to replay one).
const SEED = Number(process.env.HOSTILE_SEED ?? (process.env.CI ? 20_261_126 : Date.now() % 2 ** 31));
// No answer within this is a failure too: a hostile input must not hold a request.
const REQUEST_TIMEOUT_MS = 30_000;

type Fixtures = Record<FixtureName, string>;

/** Who the rule lets through: the request then reaches the route's validation. */
const PASSING: Record<RouteRule['access'], RoleName> = {
  public: 'guest',
  'signed-in': 'owner',
  owner: 'owner',
  staff: 'moderator',
  admin: 'admin',
};

// Deletes and the moderators' hiding go last, so the routes before them still find the fixtures.
const METHOD_ORDER = ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'];
const destructive = (key: string) => key.startsWith('DELETE') || /\/(hide|suspend|delete)$/.test(key);
/** Routes that end a fixture other routes act in (a community with its posts and members): last of all. */
const ENDS_A_FIXTURE = new Set(['DELETE /api/communities/:slug']);
const rank = (key: string) => (ENDS_A_FIXTURE.has(key) ? 2 : +destructive(key));

describeOnProfiles('hostile input on every route', (rt) => {
  let cast: Cast;
  let fixtures: Fixtures;
  let routes: Route[];

  beforeAll(async () => {
    // Thousands of requests from one address and account: rate limits are not what is checked.
    unlimited(rt());
    cast = await signUpCast(rt());
    fixtures = await ownedResources(rt(), cast);
    routes = appRoutes(rt());
  }, 60_000);

  /** A visitor the rule lets through; a throwaway member where the route ends the session. */
  async function sender(rule: RouteRule): Promise<Visitor> {
    const role = PASSING[rule.access];
    if (!rule.endsSession) return cast.visitors[role];
    const m = role === 'guest' ? await anonymous(rt()) : await registerMember(rt());
    return { role, agent: m.agent, token: m.token, member: null };
  }

  const validPath = (route: Route, rule: RouteRule, f: Fixtures) =>
    route.path.replace(/:(\w+)/g, (_, name: string) => {
      const source = rule.params?.[name] ?? 'unknown';
      return encodeURIComponent(source.startsWith('=') ? source.slice(1) : f[source as FixtureName]);
    });

  // A broken multipart body (no boundary in it) once answered 500 on every form route.
  it('answers less than 500 to a broken multipart body on every write route', async () => {
    const errors: string[] = [];
    for (const route of routes) {
      const rule = ROUTE_ACCESS[routeKey(route)];
      if (!rule || route.method === 'GET' || rule.endsSession) continue;
      const visitor = cast.visitors[PASSING[rule.access]];
      const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
      const res = await visitor.agent[method](validPath(route, rule, fixtures))
        .set('X-CSRF-Token', visitor.token)
        .set('Content-Type', 'multipart/form-data; boundary=x')
        .send('a=1&__proto__[role]=admin');
      if (res.status >= 500) errors.push(`${routeKey(route)} -> ${res.status}`);
    }
    expect(errors).toEqual([]);
  }, 60_000);

  // Beside the random search, every path parameter of every route gets each of these once.
  it('answers less than 500 to a NUL, invalid UTF-8 or a huge value in any path parameter', async () => {
    const nasty = ['%00', 'a%00b', '%ED%A0%80', '%FF', '%E2%80%AE', '..', 'x'.repeat(5000)];
    const errors: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const rule = ROUTE_ACCESS[routeKey(route)];
      const params = route.path.match(/:\w+/g) ?? [];
      if (!rule || !params.length || rule.endsSession) continue;
      const visitor = cast.visitors[PASSING[rule.access]];
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      for (const param of params)
        for (const value of nasty) {
          const segments = validPath(route, rule, fixtures).split('/');
          segments[route.path.split('/').indexOf(param)] = value;
          const res = await visitor.agent[method](segments.join('/')).set('X-CSRF-Token', visitor.token);
          sent++;
          if (res.status >= 500) errors.push(`${route.method} ${segments.join('/').slice(0, 120)} -> ${res.status}`);
        }
    }
    console.log(`hostile input: ${sent} path parameter cases`);
    expect(errors).toEqual([]);
  }, 120_000);

  it(
    'answers every hostile request with less than 500 and writes nothing for a refused one',
    async () => {
      const log = rt().platform.eventStore;
      const start = await log.headCheckpoint();
      const refused = new Map<string, string>();
      const errors: string[] = [];
      let cases = 0;
      let serial = 0;
      let slowest = 0;
      const ordered = [...routes].sort(
        (a, b) =>
          rank(routeKey(a)) - rank(routeKey(b)) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
      );
      for (const route of ordered) {
        const key = routeKey(route);
        const rule = ROUTE_ACCESS[key];
        if (!rule) throw new Error(`${key} has no rule in authz-matrix.table.ts`);
        const valid = typeof rule.body === 'function' ? rule.body(fixtures) : rule.body;
        const params = route.path.match(/:\w+/g) ?? [];
        const input = fc.record({
          body: hostileBody(valid && !Buffer.isBuffer(valid) ? valid : undefined),
          query: hostileQuery(Object.keys(rule.query ?? {})),
          // Which path parameter is spoiled (none when -1), and with what.
          spoil: params.length ? fc.integer({ min: -1, max: params.length - 1 }) : fc.constant(-1),
          param: hostilePathParam,
        });
        await fc
          .assert(
            fc.asyncProperty(input, async ({ body, query, spoil, param }) => {
              cases++;
              const requestId = `hostile-${++serial}`;
              let path = validPath(route, rule, fixtures);
              if (spoil >= 0) {
                const segments = route.path.split('/');
                const at = segments.indexOf(params[spoil]!);
                const actual = path.split('/');
                actual[at] = param;
                path = actual.join('/');
              }
              const url = query ? `${path}?${query}` : path;
              const visitor = await sender(rule);
              const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
              const req = visitor.agent[method](url).set('X-CSRF-Token', visitor.token).set('X-Request-Id', requestId);
              const started = Date.now();
              // GET carries no body: a route that answers without reading a large one may close the
              // connection under the client still sending it ("aborted"), which says nothing of the app.
              const sending =
                route.method === 'GET'
                  ? req.timeout(REQUEST_TIMEOUT_MS)
                  : sendBody(req.timeout(REQUEST_TIMEOUT_MS), body);
              const res = await sending.catch((err: Error) => {
                errors.push(`${route.method} ${url.slice(0, 200)} ${describe(body)} -> ${err.message}`);
                return null;
              });
              if (!res) return false;
              slowest = Math.max(slowest, Date.now() - started);
              if (res.status >= 400) refused.set(requestId, `${route.method} ${url.slice(0, 200)}`);
              if (res.status >= 500) {
                errors.push(
                  `${route.method} ${url.slice(0, 200)} ${describe(body)} -> ${res.status} ${res.text.slice(0, 200)}`,
                );
                return false;
              }
              return true;
            }),
            { numRuns: RUNS, seed: SEED, endOnFailure: true },
          )
          .catch((err: Error) => errors.push(`${key}: ${err.message.split('\n').slice(0, 6).join(' | ')}`));
      }
      // Nothing a refused request did may be in the log: not one event carries its request id.
      const written = await log.readAll({ after: start });
      const halfWritten = written
        .filter((e) => e.metadata.requestId && refused.has(e.metadata.requestId))
        .map((e) => `${refused.get(e.metadata.requestId!)} was refused but appended ${e.type} to ${e.streamId}`);
      // The check above sees request ids at all: the accepted cases' events carry theirs.
      const traced = written.filter((e) => e.metadata.requestId?.startsWith('hostile-')).length;
      console.log(
        `hostile input: ${cases} generated cases over ${routes.length} routes (${RUNS} per route, seed ${SEED}); ` +
          `${refused.size} refused, ${traced} events appended by the accepted ones; slowest answer ${slowest} ms`,
      );
      expect(traced).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      expect(halfWritten).toEqual([]);
      expect(cases).toBeGreaterThanOrEqual(routes.length * RUNS);
    },
    120_000 + RUNS * 20_000,
  );
});

type Req = ReturnType<Visitor['agent']['post']>;

function sendBody(req: Req, body: HostileBody) {
  if ('raw' in body) return req.set('Content-Type', body.contentType).send(body.raw);
  return req.set('Content-Type', 'application/json').send(JSON.stringify(body.json) ?? 'null');
}

function describe(body: HostileBody): string {
  return 'raw' in body
    ? `raw ${JSON.stringify(body.raw.slice(0, 80))}`
    : `json ${JSON.stringify(body.json)?.slice(0, 160)}`;
}
