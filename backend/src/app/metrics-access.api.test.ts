import { describeOnProfiles } from '@testing/profiles';
import request from 'supertest';

const TOKEN = 'metrics-access-token-0123456789abcdef0123';

/**
 * /metrics on the app's (public) port: only to `Authorization: Bearer <METRICS_TOKEN>`, and not at
 * all without a token. METRICS_PORT, kept off the public network, serves it to anyone
 * (load-tests/load.api.test.ts).
 */
describeOnProfiles(
  'metrics on the app port without METRICS_TOKEN',
  (rt) => {
    const server = () => rt().http!.getHttpServer();

    it('answers 404 like an unknown path, whatever is sent', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
        const req = request(server()).get('/metrics');
        const res = await (authorization === undefined ? req : req.set('authorization', authorization)).expect(404);
        expect(res.body).toEqual({ error: 'Not Found', message: 'Cannot GET /metrics', code: 'NOT_FOUND' });
        expect(res.text).not.toContain('dc_http_requests_total');
      }
    });

    it('still answers /api/ready, which load balancers need', async () => {
      await request(server()).get('/api/ready').expect(200);
    });
  },
  {},
);

describeOnProfiles(
  'metrics on the app port with METRICS_TOKEN',
  (rt) => {
    const server = () => rt().http!.getHttpServer();

    it.each([
      ['no Authorization', null],
      ['a wrong token', 'Bearer metrics-access-token-0123456789abcdef0124'],
      ['the token as Basic', `Basic ${TOKEN}`],
      ['the token without a scheme', TOKEN],
    ])('answers %s with 401', async (_what, authorization) => {
      const req = request(server()).get('/metrics');
      const res = await (authorization === null ? req : req.set('authorization', authorization)).expect(401);
      expect(res.body).toEqual({
        error: 'Unauthorized',
        message: 'A valid metrics token is required',
        code: 'UNAUTHORIZED',
      });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers the bearer of the token with the Prometheus text', async () => {
      await request(server()).get('/api/auth/health').expect(200);
      const res = await request(server()).get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('dc_http_requests_total{method="GET",route="/api/auth/health",status="200"');
      // Refused scrapes are not requests of the app either.
      expect(res.text).not.toContain('route="/metrics"');
    });
  },
  { METRICS_TOKEN: TOKEN },
);
