import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { useRuntime } from '@testing/profiles';
import request from 'supertest';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const BUNDLE = 'export const greeting = "Assalamu alaikum";\n'.repeat(200);
const MAP = JSON.stringify({ version: 3, sources: ['src/App.tsx'], sourcesContent: ['export const secret = 1;'] });

/**
 * Source maps hold the web app's whole source: the build writes none (vite.config.ts), and should
 * one be left in dist, the server still does not serve it, nor index.html in its place.
 */
describe('web app files (real app, a dist with a source map left in it)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dc-webapp-'));
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'index-abc.js.map'), MAP);
    writeFileSync(join(dir, 'stray.css.map'), MAP);
    // As the build leaves them (frontend/build/precompress.ts): a Brotli and a gzip copy beside each.
    for (const [path, body] of [
      ['assets/app-def.js', BUNDLE],
      ['index.html', INDEX],
    ] as const) {
      writeFileSync(join(dir, path), body);
      writeFileSync(join(dir, `${path}.br`), brotliCompressSync(body));
      writeFileSync(join(dir, `${path}.gz`), gzipSync(body));
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const rt = useRuntime(() => ({ NODE_ENV: 'production', FRONTEND_DIST: dir }));

  const server = () => rt().http!.getHttpServer();

  it('serves the bundle and the web app for deep links', async () => {
    expect((await request(server()).get('/assets/index-abc.js').expect(200)).text).toBe('console.log(1)');
    expect((await request(server()).get('/home').expect(200)).text).toBe(INDEX);
  });

  it.each([
    '/assets/index-abc.js.map',
    '/stray.css.map',
    '/assets/missing-123.js.map',
    '/assets/index-abc.js.MAP',
    '/assets/index-abc.js%2Emap',
    '/assets/index-abc.js.map?v=1',
    '/assets/../assets/index-abc.js.map',
  ])('answers GET %s with 404, neither the map nor index.html', async (path) => {
    const res = await request(server()).get(path).expect(404);
    expect(res.body).toMatchObject({ error: 'Not Found', code: 'NOT_FOUND' });
    expect(res.text).not.toContain('sourcesContent');
    expect(res.text).not.toContain('<div id="root">');
  });

  it('answers HEAD of a map with 404 too', async () => {
    await request(server()).head('/assets/index-abc.js.map').expect(404);
  });

  describe('compression', () => {
    /** Injected, so that the body is seen as sent (supertest would decode it). */
    const raw = (url: string, acceptEncoding?: string) =>
      rt()
        .http!.getHttpAdapter()
        .getInstance()
        .inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    it("serves the build's Brotli copy of a bundle to a browser that takes it, gzip to one that takes only that", async () => {
      const br = await raw('/assets/app-def.js', 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
      const gz = await raw('/assets/app-def.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);
      const plain = await raw('/assets/app-def.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BUNDLE);
    });

    it('serves the web app for a deep link compressed too', async () => {
      const res = await raw('/home', 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    });
  });
});
