import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { budgetFor, type RateBudget } from '@platform/http/rate-limits';
import { RATE_BUDGET } from '@platform/http/rate-limits/rate-budget';
import { csrfAgent, currentCsrfToken } from '@platform/http/testing/csrf-agent';
import { anonymous, IDENTITY_TEST_ENV, PASSWORD, registerMember } from '@testing/members';
import { describeOnProfiles } from '@testing/profiles';
import { type AppRoute, appRoutes } from '@testing/routes';

import { SOCIAL_BUDGETS } from '../../modules/social/limits';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { PgSqlClient } from '../platform/sql/pg.sql-client';
import {
  postgresReachable,
  redisReachable,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  withRunMediaTools,
} from '../platform/testing/services';
import { type Runtime, startRuntime } from '../runtime';

const ip = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join('.')}`;
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '01900000-0000-7000-8000-000000000001');
const isLimited = (route: AppRoute) => budgetFor(route.metadata<RateBudget>(RATE_BUDGET), route.method);

/** Routes that are reads and must stay so (search and AI are limited, like every write). */
const mustBeLimited = (r: AppRoute) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(r.method) || /^\/api\/(search|ai)(\/|$)/.test(r.path);

function windowText(ms: number) {
  return ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`;
}

/** The README's table of route budgets, made from the routes themselves so that it cannot drift. */
function budgetTable(runtime: Runtime): string {
  const byBudget = new Map<string, { budget: RateBudget; routes: string[] }>();
  // The README lists a budget's routes by path, then method.
  const byPath = appRoutes(runtime).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of byPath) {
    const budget = isLimited(route);
    if (!budget) continue;
    const entry = byBudget.get(budget.name) ?? { budget, routes: [] };
    entry.routes.push(`${route.method} ${route.path}`);
    byBudget.set(budget.name, entry);
  }
  const rows = [...byBudget.values()]
    .sort((a, b) => a.budget.name.localeCompare(b.budget.name))
    .map(({ budget, routes }) => {
      const shown = budget.name === 'writes' ? `every other write (${routes.length} routes)` : routes.join(', ');
      const rule = (r: RateBudget['ip']) => `${r.limit} / ${windowText(r.windowMs)}`;
      return `| \`${budget.name}\` | ${shown} | ${rule(budget.member)} | ${rule(budget.ip)} |`;
    });
  return ['| budget | routes | per member | per IP address |', '|---|---|---|---|', ...rows].join('\n');
}

describeOnProfiles(
  'rate limits on every route',
  (rt) => {
    const server = () => rt().http!.getHttpServer();

    it('answers 429 with Retry-After on the second write (or search) from one address, on every such route', async () => {
      const routes = appRoutes(rt()).filter(mustBeLimited);
      // Sanity: the enumeration sees the app (about 90 writes today).
      expect(routes.length).toBeGreaterThan(80);
      const unlimited: string[] = [];
      for (const route of routes) {
        const { agent, token } = await csrfAgent(server());
        const from = ip();
        const send = () =>
          agent[route.method.toLowerCase() as 'post']!(concrete(route.path))
            .set('X-CSRF-Token', token)
            .set('X-Forwarded-For', from);
        await send();
        const second = await send();
        if (second.status !== 429 || !(Number(second.headers['retry-after']) >= 1))
          unlimited.push(`${route.method} ${route.path} (${route.controller}.${route.handler}): ${second.status}`);
      }
      expect(unlimited).toEqual([]);
    }, 60_000);

    it('leaves ordinary reads alone', async () => {
      const guest = await anonymous(rt());
      for (let i = 0; i < 3; i++) await guest.agent.get('/api/posts').expect(200);
    });
  },
  // Every limit down to one hit per window: the second request must be refused, whatever the route.
  { ...IDENTITY_TEST_ENV, RATE_LIMIT_FACTOR: '0.0001' },
);

if (postgresReachable() && redisReachable()) {
  // Two API processes on PostgreSQL + Redis (the production shape), at the real numbers.
  describe('rate limits at their real numbers, shared by API processes through Redis', () => {
    const id = randomBytes(4).toString('hex');
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      FRONTEND_DIST: '/nonexistent',
      SEED: 'false',
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: `t_rl_${id}`,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `dc-test-rl-${id}`,
      READ_YOUR_WRITES_TIMEOUT_MS: '10000',
      ...IDENTITY_TEST_ENV,
    };
    let first: Runtime | undefined;
    let second: Runtime | undefined;

    beforeAll(async () => {
      first = await startRuntime(withRunMediaTools(loadConfig(env)), createLogger('silent'));
      second = await startRuntime(
        withRunMediaTools(loadConfig({ ...env, ROLE: 'api' })),
        createLogger('silent'),
        'api',
      );
    }, 60_000);
    afterAll(async () => {
      await second?.shutdown();
      await first?.shutdown();
      const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
      await sql.query(`DROP SCHEMA IF EXISTS t_rl_${id} CASCADE`);
      await sql.close();
      const { default: IORedis } = await import('ioredis');
      const redis = new IORedis(TEST_REDIS_URL);
      const keys = await redis.keys(`dc-test-rl-${id}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }, 60_000);

    it('documents every budget in the README, with its numbers', () => {
      const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
      const table = budgetTable(first!);
      if (!readme.includes(table)) throw new Error(`README "Rate limits" should carry this table:\n\n${table}\n`);
    });

    it('counts a member wherever they come from, and an address whoever comes from it', async () => {
      const amina = await registerMember(first!);
      const report = (from: string) =>
        amina.agent
          .post(`/api/users/${amina.id}/report`)
          .set('X-CSRF-Token', amina.token)
          .set('X-Forwarded-For', from)
          .send({});
      const budget = SOCIAL_BUDGETS.reports;
      // Refused reports (here: no reason) count too: a script gains nothing by sending garbage.
      for (let i = 0; i < budget.member.limit; i++) expect((await report(ip())).status).toBe(400);
      const last = ip();
      const refused = await report(last);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too Many Requests', message: expect.any(String), code: 'RATE_LIMITED' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(budget.member.windowMs / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(budget.member.windowMs / 1000);

      // Another member at the address Amina last used is not held back by her budget.
      const bilal = await registerMember(first!);
      const fromBilal = await bilal.agent
        .post(`/api/users/${amina.id}/report`)
        .set('X-CSRF-Token', bilal.token)
        .set('X-Forwarded-For', last)
        .send({});
      expect(fromBilal.status).toBe(400);
    });

    it('counts guests by address: a search script is stopped, other addresses are not', async () => {
      const guest = await anonymous(first!);
      const search = (from: string) => guest.agent.get('/api/search/results?limit=x').set('X-Forwarded-For', from);
      const { SEARCH_BUDGET } = await import('../../modules/search/limits');
      const answers = await Promise.all(
        Array.from({ length: SEARCH_BUDGET.ip.limit }, () => search(guest.ip).then((r) => r.status)),
      );
      expect(answers.every((s) => s === 400)).toBe(true);
      const refused = await search(guest.ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await search(ip())).status).toBe(400);
    });

    it('spends one budget across both processes', async () => {
      const budget = SOCIAL_BUDGETS.reports.member.limit;
      const amina = await registerMember(first!);
      // Amina signs in on the other process too (both read the same stores).
      const onSecond = await csrfAgent(second!.http!.getHttpServer());
      await onSecond.agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', onSecond.token)
        .set('X-Forwarded-For', ip())
        .send({ emailOrUsername: amina.username, password: PASSWORD })
        .expect(200);
      // Signed in: the browser's token is now the one bound to that session.
      onSecond.token = currentCsrfToken(onSecond.agent);
      const reportVia = (agent: typeof amina.agent, token: string) =>
        agent.post(`/api/users/${amina.id}/report`).set('X-CSRF-Token', token).set('X-Forwarded-For', ip()).send({});
      for (let i = 0; i < budget; i++) {
        const res = i % 2 ? await reportVia(onSecond.agent, onSecond.token) : await reportVia(amina.agent, amina.token);
        expect(res.status).toBe(400);
      }
      expect((await reportVia(amina.agent, amina.token)).status).toBe(429);
      expect((await reportVia(onSecond.agent, onSecond.token)).status).toBe(429);
    }, 30_000);
  });
}
