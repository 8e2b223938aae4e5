import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { PRECOMPRESS_MIN_BYTES, precompressDir } from './precompress';

describe('precompressing the built web app', () => {
  let dir: string;
  const file = (path: string, body: string | Buffer) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), body);
    return body;
  };
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'dc-precompress-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a Brotli and a gzip copy of each text file that holds the same bytes', () => {
    const js = file('assets/index-abc.js', 'export const greeting = "Assalamu alaikum";\n'.repeat(200));
    const json = file(
      'nested/deep/manifest.webmanifest',
      JSON.stringify({ name: 'DeenConnect', pad: 'x'.repeat(2000) }),
    );
    const written = precompressDir(dir)
      .map((p) => p.slice(dir.length + 1))
      .sort();
    expect(written).toEqual([
      'assets/index-abc.js.br',
      'assets/index-abc.js.gz',
      'nested/deep/manifest.webmanifest.br',
      'nested/deep/manifest.webmanifest.gz',
    ]);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/index-abc.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(dir, 'assets/index-abc.js.gz'))).toString()).toBe(js);
    expect(brotliDecompressSync(readFileSync(join(dir, 'nested/deep/manifest.webmanifest.br'))).toString()).toBe(json);
    expect(readFileSync(join(dir, 'assets/index-abc.js.br')).length).toBeLessThan(js.length / 10);
  });

  it('leaves small files, binary files and text that does not get smaller', () => {
    file('small.css', 'a{color:red}'.padEnd(PRECOMPRESS_MIN_BYTES - 1, ' '));
    file('cover.png', Buffer.alloc(5000, 7));
    file('font.woff2', Buffer.alloc(5000, 7));
    file('noise.txt', randomBytes(4096));
    expect(precompressDir(dir)).toEqual([]);
    expect(existsSync(join(dir, 'cover.png.gz'))).toBe(false);
  });
});
