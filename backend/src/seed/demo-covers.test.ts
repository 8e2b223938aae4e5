import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';

import { COVER_HEIGHT, COVER_WIDTH, coverFonts, coverSvg, renderCover } from './demo-covers';

const ALL = { text: true, missing: new Set<string>() };
const texts = (svg: string) => [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);

describe('demo course covers', () => {
  it('set the title in at most three lines, escaped, left out only what no font can draw', () => {
    const svg = coverSvg(
      { title: 'Tafsir & <Tajweed>: The Life of the Prophet ﷺ', category: 'Tafsir', seed: 1 },
      {
        text: true,
        missing: new Set(['ﷺ']),
      },
    );
    const lines = texts(svg);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines.join(' ')).toBe('Tafsir &amp; &lt;Tajweed&gt;: The Life of the Prophet');
    expect(svg).not.toContain('ﷺ');
    expect(svg).toContain('TAFSIR · DEMO');
    // With a font that has it, it stays.
    expect(texts(coverSvg({ title: 'The Prophet ﷺ', category: 'History', seed: 2 }, ALL))).toEqual(['The Prophet ﷺ']);
  });

  it('carry no text at all when no font is known, and set an Arabic title right to left', () => {
    const bare = coverSvg(
      { title: 'Zakah Made Clear', category: 'Fiqh', seed: 3 },
      { text: false, missing: new Set() },
    );
    expect(bare).not.toContain('<text');
    const arabic = coverSvg({ title: 'أسماء الله الحسنى', category: 'Aqeedah', seed: 4 }, ALL);
    expect(arabic).toMatch(/text-anchor="start" direction="rtl"/);
    expect(texts(arabic)).toEqual(['أسماء الله الحسنى']);
  });

  it('render as distinct 640x360 JPEGs', async () => {
    const [a, b] = await Promise.all([
      renderCover({ title: 'Zakah Made Clear', category: 'Fiqh', seed: 12 }, { text: false, missing: new Set() }),
      renderCover({ title: 'Fiqh of Hajj and Umrah', category: 'Fiqh', seed: 22 }, { text: false, missing: new Set() }),
    ]);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'jpeg', width: COVER_WIDTH, height: COVER_HEIGHT });
    expect(a.equals(b)).toBe(false);
  });

  describe('fonts, as fontconfig reports them', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'dc-fc-'));
      // A stand-in fc-list: a font that has ﷺ (U+FDFA) but no ‘ (U+2018).
      writeFileSync(join(dir, 'fc-list'), '#!/bin/sh\ncase "$1" in *charset=2018*) ;; *) echo "DejaVu Sans" ;; esac\n');
      chmodSync(join(dir, 'fc-list'), 0o755);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('names the characters of the titles no bold font has', async () => {
      const fonts = await coverFonts(['The Seerah ﷺ', 'Tafsir of Juz ‘Amma'], join(dir, 'fc-list'));
      expect(fonts).toEqual({ text: true, missing: new Set(['‘']) });
    });

    it('knows of no font without fc-list', async () => {
      expect(await coverFonts(['Zakah Made Clear'], join(dir, 'no-fc-list'))).toEqual({
        text: false,
        missing: new Set(),
      });
    });
  });
});
