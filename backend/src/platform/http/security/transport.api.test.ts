import { loadConfig } from '@platform/config';
import pino from 'pino';
import request from 'supertest';

import { createTestHttpApp } from '../testing/test-http-app';

const cookiesOf = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const csrfCookie = (res: request.Response) => cookiesOf(res).find((c) => c.startsWith('dc.csrf=')) ?? '';
const isSecure = (cookie: string) => cookie.split(';').some((a) => a.trim().toLowerCase() === 'secure');

/** A test app with the given settings; what it logged while starting. */
async function appWith(env: Record<string, string>) {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const app = await createTestHttpApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }), logger });
  return { app, lines };
}

describe('transport defaults', () => {
  it('in production, behind a TLS proxy it does not trust, cookies are Secure and HSTS is sent', async () => {
    const { app, lines } = await appWith({ NODE_ENV: 'production' });
    try {
      // Plain http as the proxy forwards it, TRUST_PROXY=false: the app still knows it is https-only.
      const res = await request(app.getHttpServer()).get('/api/auth/csrf').expect(200);
      expect(isSecure(csrfCookie(res))).toBe(true);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // Error answers too.
      const forged = await request(app.getHttpServer()).post('/api/nope').expect(403);
      expect(forged.headers['strict-transport-security']).toBeDefined();
      expect(lines.join('')).not.toMatch(/INSECURE_HTTP/);
    } finally {
      await app.close();
    }
  });

  it('INSECURE_HTTP=true drops both for a local trial of production, and says so at start', async () => {
    const { app, lines } = await appWith({ NODE_ENV: 'production', INSECURE_HTTP: 'true' });
    try {
      const res = await request(app.getHttpServer()).get('/api/auth/csrf').expect(200);
      expect(isSecure(csrfCookie(res))).toBe(false);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const warning = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => l.level === 40);
      expect(warning?.msg).toMatch(/^INSECURE_HTTP=true: production on plain http/);
    } finally {
      await app.close();
    }
  });

  it.each(['development', 'test'])('in %s, plain http stays plain (npm start, tests)', async (NODE_ENV) => {
    const { app, lines } = await appWith({ NODE_ENV, INSECURE_HTTP: 'false' });
    try {
      const res = await request(app.getHttpServer()).get('/api/auth/csrf').expect(200);
      expect(isSecure(csrfCookie(res))).toBe(false);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('refuses a value other than true or false', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', INSECURE_HTTP: 'yes' })).toThrow(/INSECURE_HTTP/);
  });
});
