import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import type { CourseCategory } from '../../modules/learning';
import { loadSharp } from '../../modules/media';
import { seededRandom } from './demo-content';

const run = promisify(execFile);

/** Small: the seed makes one per course at every fresh start; the worker still makes two widths of it. */
export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 360;
const MARGIN = 40;
/** A title mostly in these letters is set right to left. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/g;

/** Two gradient stops and an accent per category, so a card's colour says its subject at a glance. */
const PALETTES: Record<CourseCategory, readonly [string, string, string]> = {
  Quran: ['#0b5d4b', '#14917a', '#f2d28b'],
  Tafsir: ['#0d4f6c', '#1f8a9e', '#f5e3b3'],
  Arabic: ['#3b2a78', '#6a4fb3', '#f3c969'],
  Family: ['#9c3d54', '#d9776a', '#fde2c8'],
  Fiqh: ['#1d3557', '#3f6ea8', '#e9c46a'],
  Hadith: ['#7a4a12', '#c0862c', '#fff1cc'],
  History: ['#8a3b1f', '#c9733f', '#f7dcb4'],
  Aqeedah: ['#1b1f4b', '#4a3f8f', '#d8c7ff'],
};

/** What text the machine's fonts can draw; librsvg draws a box for a glyph no font has. */
export interface CoverFonts {
  /** Any font at all: without one the covers carry no text. */
  text: boolean;
  /** Characters of the titles that no bold font has (e.g. ﷺ with only DejaVu installed). */
  missing: ReadonlySet<string>;
}

/**
 * Asks fontconfig (which librsvg renders through) about every non-ASCII character of the titles, in
 * the bold weight the titles use. Without `fc-list` nothing is known, so the covers are drawn
 * without text rather than risk boxes.
 */
export async function coverFonts(titles: readonly string[], fcList = 'fc-list'): Promise<CoverFonts> {
  const has = async (pattern: string) => {
    try {
      const { stdout } = await run(fcList, [pattern, 'family'], { timeout: 5_000 });
      return stdout.trim().length > 0;
    } catch {
      return false;
    }
  };
  const special = [...new Set(titles.flatMap((t) => [...t]).filter((c) => c.codePointAt(0)! > 0x7e))];
  const [text, ...found] = await Promise.all([
    has(':lang=en:weight=bold'),
    ...special.map((c) => has(`:charset=${c.codePointAt(0)!.toString(16)}:weight=bold`)),
  ]);
  return { text: !!text, missing: new Set(special.filter((_, i) => !found[i])) };
}

export interface CoverInput {
  title: string;
  category: CourseCategory;
  /** Varies the pattern between courses of one category. */
  seed: number;
}

/** A JPEG cover: the category's gradient, a geometric star pattern, and the title in large type. */
export async function renderCover(input: CoverInput, fonts: CoverFonts): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(coverSvg(input, fonts)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

export function coverSvg({ title, category, seed }: CoverInput, fonts: CoverFonts): string {
  const [from, to, accent] = PALETTES[category];
  const random = seededRandom(1000 + seed);
  const tile = 44 + Math.floor(random() * 5) * 8;
  const turn = [0, 22.5, 45][Math.floor(random() * 3)]!;
  const rosetteShift = 90 + Math.floor(random() * 60);
  const rosetteY = 70 + Math.floor(random() * 16);
  const text = fonts.text ? drawableTitle(title, fonts) : '';
  const lines = text ? wrap(text) : null;
  const rtl = !!text && (text.match(ARABIC)?.length ?? 0) > text.length / 2;
  const x = rtl ? COVER_WIDTH - MARGIN : MARGIN;
  // Right-aligned either way: the label is Latin (anchored at its end), and an RTL title's start is its right edge.
  const labelAnchor = rtl ? 'end' : 'start';
  // The rosette sits opposite the text's start.
  const rosetteX = rtl ? rosetteShift : COVER_WIDTH - rosetteShift;
  const titleTop = COVER_HEIGHT - MARGIN - 34 - (lines ? (lines.lines.length - 1) * lines.size * 1.15 : 0);
  const titleText = lines
    ? `<text x="${x}" y="${titleTop}" font-family="DejaVu Sans, Noto Sans, Arial, sans-serif" font-weight="bold"
        font-size="${lines.size}" fill="#ffffff" text-anchor="start"${rtl ? ' direction="rtl"' : ''}
        filter="url(#shadow)">${lines.lines
          .map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lines.size * 1.15}">${escapeXml(l)}</tspan>`)
          .join('')}</text>`
    : '';
  const label = fonts.text
    ? `<text x="${x}" y="${MARGIN + 12}" font-family="DejaVu Sans, Noto Sans, Arial, sans-serif" font-size="17"
        letter-spacing="3" fill="${accent}" text-anchor="${labelAnchor}">${escapeXml(category.toUpperCase())} · DEMO</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </linearGradient>
    <pattern id="stars" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse" patternTransform="rotate(${turn})">
      <polygon points="${starPoints(tile / 2, tile / 2, tile * 0.42, 0.765)}" fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="1.5"/>
      <circle cx="0" cy="0" r="${tile * 0.08}" fill="#ffffff" fill-opacity="0.12"/>
      <circle cx="${tile}" cy="${tile}" r="${tile * 0.08}" fill="#ffffff" fill-opacity="0.12"/>
    </pattern>
    <filter id="shadow" x="-5%" y="-5%" width="110%" height="120%">
      <feDropShadow dx="0" dy="2" stdDeviation="2" flood-color="#000" flood-opacity="0.45"/>
    </filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" fill="url(#stars)"/>
  <g transform="translate(${rosetteX} ${rosetteY})" fill="none" stroke="${accent}" stroke-opacity="0.55" stroke-width="2">
    <polygon points="${starPoints(0, 0, 62, 0.765)}"/>
    <polygon points="${starPoints(0, 0, 62, 0.765)}" transform="rotate(22.5)"/>
    <circle r="24"/>
    <polygon points="${starPoints(0, 0, 20, 0.62)}" fill="${accent}" fill-opacity="0.35"/>
  </g>
  <rect width="100%" height="100%" fill="url(#fade)"/>
  ${label}
  ${titleText}
</svg>`;
}

/** The title with what no installed font can draw left out (the card shows the whole title beside it). */
function drawableTitle(title: string, fonts: CoverFonts): string {
  return [...title]
    .filter((c) => !fonts.missing.has(c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words into at most three lines at the largest size that fits (DejaVu Sans Bold averages ~0.68 em a glyph). */
function wrap(text: string): { size: number; lines: string[] } {
  const width = COVER_WIDTH - 2 * MARGIN;
  for (const size of [46, 42, 38, 34, 30]) {
    const perLine = Math.floor(width / (size * 0.68));
    const lines: string[] = [];
    for (const word of text.split(' ')) {
      const last = lines.at(-1);
      if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= 3 && lines.every((l) => l.length <= perLine)) return { size, lines };
  }
  const size = 30;
  const perLine = Math.floor(width / (size * 0.68));
  return { size, lines: [`${text.slice(0, perLine * 3 - 1).trimEnd()}…`] };
}

/** An eight-pointed star (two overlapping squares' outline): 16 points, inner radius `ratio` of outer. */
function starPoints(cx: number, cy: number, r: number, ratio: number): string {
  return Array.from({ length: 16 }, (_, i) => {
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * ratio;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}
