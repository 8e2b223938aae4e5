import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { useRuntime } from '@testing/profiles';
import request from 'supertest';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
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
});
