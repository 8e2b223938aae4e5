import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { registerMember, sessionCookieOf } from '@testing/members';
import request from 'supertest';

import { loadConfig } from '../../../src/platform/config';
import { createLogger } from '../../../src/platform/logging';
import { withRunMediaTools } from '../../../src/platform/testing/services';
import { startRuntime } from '../../../src/runtime';

describe('sessions across a restart (embedded)', () => {
  let dataDir: string;
  beforeAll(() => (dataDir = mkdtempSync(join(tmpdir(), 'dc-restart-'))));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      FRONTEND_DIST: '/nonexistent',
      TRUST_PROXY: 'true',
    });

  it('keeps a signed-in member signed in when the server restarts', async () => {
    const first = await startRuntime(withRunMediaTools(config()), createLogger('silent'));
    let cookie: string;
    try {
      const m = await registerMember(first);
      const res = await m.agent.get('/api/auth/me').expect(200);
      expect(res.body.user.username).toBe(m.username);
      cookie = sessionCookieOf(first, m);
    } finally {
      await first.shutdown();
    }
    const second = await startRuntime(withRunMediaTools(config()), createLogger('silent'));
    try {
      await request(second.http!.getHttpServer()).get('/api/auth/me').set('Cookie', cookie).expect(200);
    } finally {
      await second.shutdown();
    }
  }, 60_000);
});
