import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import request from 'supertest';

import { type Runtime, startRuntime } from '../runtime';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const MAP = JSON.stringify({ version: 3, sources: ['src/App.tsx'], sourcesContent: ['export const secret = 1;'] });

/**
 * Source maps hold the web app's whole source: the build writes none (vite.config.ts), and should
 * one be left in dist, the server still does not serve it, nor index.html in its place.
 */
describe('web app files (real app, embedded, a dist with a source map left in it)', () => {
  let runtime: Runtime;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dc-webapp-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-abc.js.map'), MAP);
    writeFileSync(join(dist, 'stray.css.map'), MAP);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: join(dir, 'data'),
      FRONTEND_DIST: dist,
    });
    runtime = await startRuntime(config, createLogger('silent'));
  }, 60_000);
  afterAll(async () => {
    await runtime?.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  const server = () => runtime.http!.getHttpServer();

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
