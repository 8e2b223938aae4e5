import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { useRuntime } from '@testing/profiles';
import request from 'supertest';

import { inlineScriptHashes } from './security-headers';

const SPLASH = "window.addEventListener('error', function () {});";
const INDEX = `<!doctype html><html><head><script>${SPLASH}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the body of each inline script, never a script loaded by src', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([sha256(SPLASH)]);
    expect(inlineScriptHashes('<script src="/a.js"></script><script>  </script>')).toEqual([]);
  });
});

describe('security headers (real app, web app served)', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'dc-headers-'));
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const rt = useRuntime(() => ({ FRONTEND_DIST: dist, TRUST_PROXY: 'true', DEV_ROUTES: '' }));

  const server = () => rt().http!.getHttpServer();
  const directives = (res: request.Response) =>
    new Map(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );

  it.each(['/', '/home', '/assets/index-abc.js', '/api/auth/health', '/api/nope'])('%s carries them', async (path) => {
    const res = await request(server()).get(path);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(res.headers['permissions-policy']).toContain('microphone=(self)');
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
    const csp = directives(res);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // The splash script runs by its hash; no other inline script may.
    expect(csp.get('script-src')).toContain(sha256(SPLASH));
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the web app under that policy', async () => {
    const res = await request(server()).get('/profile/someone').expect(200);
    expect(res.text).toContain(SPLASH);
    expect(res.headers['content-type']).toContain('text/html');
    expect(directives(res).get('script-src')).toContain(sha256(SPLASH));
  });

  it('asks for HSTS only over https (here: through the trusted proxy)', async () => {
    const res = await request(server()).get('/api/auth/health').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });

  it('grants no foreign origin anything: no CORS headers on answers or preflights', async () => {
    const origin = 'https://evil.example';
    const simple = await request(server()).get('/api/auth/me').set('Origin', origin);
    const preflight = await request(server())
      .options('/api/posts')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-csrf-token, content-type');
    for (const res of [simple, preflight]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});
