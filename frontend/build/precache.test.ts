import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { precacheList } from './precache';

describe('the service worker`s precache list', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dc-precache-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'icons'));
    for (const file of [
      'index.html',
      'index.html.br',
      'sw.js',
      'robots.txt',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'assets/index-Ab12.js',
      'assets/index-Ab12.js.gz',
      'assets/index-Cd34.css',
      'assets/resources.en-Ef56.js',
      'assets/resources.ar-Gh78.js',
      'assets/esm-Ij90.js',
      'assets/ModerationScreen-Kl12.js',
      'assets/noto-naskh-arabic-arabic-400-normal-Mn34.woff2',
    ])
      writeFileSync(join(dir, file), `contents of ${file}`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the shell and the screens, hashed files without a revision and the rest with a digest', () => {
    const list = precacheList(dir);
    expect(list.map((e) => e.url)).toEqual([
      '/assets/index-Ab12.js',
      '/assets/index-Cd34.css',
      '/assets/resources.en-Ef56.js',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
    ]);
    expect(list.find((e) => e.url === '/assets/index-Ab12.js')!.revision).toBeNull();
    expect(list.find((e) => e.url === '/index.html')!.revision).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives a changed file a new revision, so a new version replaces it', () => {
    const before = precacheList(dir).find((e) => e.url === '/index.html')!.revision;
    writeFileSync(join(dir, 'index.html'), 'a new release');
    expect(precacheList(dir).find((e) => e.url === '/index.html')!.revision).not.toBe(before);
  });
});
