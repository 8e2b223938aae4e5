import { describeOnProfiles } from '@testing/profiles';
import { appRoutes } from '@testing/routes';
import request from 'supertest';

/**
 * Development tooling under /api/dev (the mail outbox, whose mails hold sign-in links) exists only
 * with NODE_ENV=development or DEV_ROUTES=true (the test harness): a deployment that is not
 * production but not development either (staging, a demo run with NODE_ENV=test) hides it too.
 * Every /api/dev route the app serves is checked, so a new one cannot forget the rule.
 */
const devRoutesAnswer404 = (rt: Parameters<Parameters<typeof describeOnProfiles>[1]>[0]) => {
  it('answers every /api/dev route like an unknown path', async () => {
    const server = rt().http!.getHttpServer();
    const dev = appRoutes(rt()).filter((r) => r.path.startsWith('/api/dev/'));
    expect(dev.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/dev/outbox');
    for (const route of dev) {
      const path = route.path.replace(/:\w+/g, 'x');
      const res = await request(server)[route.method.toLowerCase() as 'get'](path).query({ to: 'a@example.test' });
      expect({ route: `${route.method} ${route.path}`, status: res.status, body: res.body }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 404,
        body: { error: 'Not Found', message: `Cannot ${route.method} ${path}`, code: 'NOT_FOUND' },
      });
    }
  });
};

describeOnProfiles('development routes under NODE_ENV=test without DEV_ROUTES', devRoutesAnswer404, {
  DEV_ROUTES: '',
});

describeOnProfiles('development routes under NODE_ENV=production', devRoutesAnswer404, { NODE_ENV: 'production' });
