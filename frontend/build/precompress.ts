import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files the server sends as text; images, fonts (woff2 is compressed already) and media are left. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

/** Smaller files are sent as they are (the server's threshold for its own answers too). */
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file in `dir`
 * and below it of at least `minBytes`, where that is smaller than the file; answers the paths written.
 * Done once per build at the highest settings, so that no request pays for compressing the app.
 */
export function precompressDir(dir: string, minBytes = PRECOMPRESS_MIN_BYTES): string[] {
  const written: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      written.push(...precompressDir(path, minBytes));
      continue;
    }
    if (!TEXT.test(entry.name) || statSync(path).size < minBytes) continue;
    const body = readFileSync(path);
    const variants: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      ],
      ['.gz', gzipSync(body, { level: 9 })],
    ];
    for (const [suffix, packed] of variants) {
      if (packed.length >= body.length) continue;
      writeFileSync(path + suffix, packed);
      written.push(path + suffix);
    }
  }
  return written;
}
