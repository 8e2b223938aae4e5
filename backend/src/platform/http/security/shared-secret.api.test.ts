import { randomBytes } from 'node:crypto';

import { loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { PgSqlClient } from '@platform/sql/pg.sql-client';
import { postgresReachable, TEST_DATABASE_URL, withRunMediaTools } from '@platform/testing/services';
import request from 'supertest';

import { type Runtime, startRuntime } from '../../../runtime';
import { csrfAgent } from '../testing/csrf-agent';

if (postgresReachable()) {
  describe('server secret shared by processes on the same PostgreSQL', () => {
    const schema = `t_shared_secret_${randomBytes(4).toString('hex')}`;
    let runtimes: Runtime[] = [];

    beforeAll(async () => {
      // The schema first: PgSqlClients creating the same schema at once collide in PostgreSQL's catalogue.
      const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
      await sql.query(`CREATE SCHEMA ${schema}`);
      await sql.close();
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: TEST_DATABASE_URL,
        DATABASE_SCHEMA: schema,
      });
      // Started together: both race to create the secret.
      const started = await Promise.allSettled(
        [0, 1].map(() => startRuntime(withRunMediaTools(config), createLogger('silent'))),
      );
      runtimes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failed = started.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    });
    afterAll(async () => {
      await Promise.all(runtimes.map((r) => r.shutdown()));
      const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.close();
    });

    it('gives both the same secret', () => {
      expect(runtimes[0]!.secret.fingerprint()).toBe(runtimes[1]!.secret.fingerprint());
    });

    it('accepts on one process a CSRF token issued by the other', async () => {
      const { token } = await csrfAgent(runtimes[0]!.http!.getHttpServer());
      await request(runtimes[1]!.http!.getHttpServer())
        .post('/api/nope')
        .set('Cookie', `dc.csrf=${token}`)
        .set('X-CSRF-Token', token)
        .expect(404);
      const reused = await request(runtimes[1]!.http!.getHttpServer())
        .get('/api/auth/csrf')
        .set('Cookie', `dc.csrf=${token}`)
        .expect(200);
      expect(reused.body.csrfToken).toBe(token);
    });
  });
}
