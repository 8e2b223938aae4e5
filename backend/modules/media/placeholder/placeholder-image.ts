import { ApiError, errorBody } from '@platform/http';
import { withoutControlChars } from '@platform/text';

import { loadSharp } from '../sharp';

/** Bounds of GET /api/placeholder-image (issue 6): a fallback picture, never a rendering service. */
export const PLACEHOLDER_LIMITS = { maxSide: 2000, maxText: 100, defaultWidth: 400, defaultHeight: 300 } as const;

export interface PlaceholderRequest {
  text: string;
  width: number;
  height: number;
}

const invalid = (message: string) => new ApiError(400, errorBody(400, message, 'VALIDATION_FAILED'));

/** text (at most 100 characters; default "W × H"), width and height (1-2000; default 400 × 300). */
export function parsePlaceholderQuery(query: Record<string, unknown>): PlaceholderRequest {
  const side = (name: 'width' | 'height', fallback: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    const n = typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > PLACEHOLDER_LIMITS.maxSide)
      throw invalid(`${name} must be a whole number between 1 and ${PLACEHOLDER_LIMITS.maxSide}`);
    return n;
  };
  const width = side('width', PLACEHOLDER_LIMITS.defaultWidth);
  const height = side('height', PLACEHOLDER_LIMITS.defaultHeight);
  const raw = query.text;
  if (raw !== undefined && typeof raw !== 'string') throw invalid('text must be a single value');
  // Control characters would not render and could break the SVG; the rest is escaped below.
  const text = withoutControlChars(raw ?? '', ' ').trim();
  if ([...text].length > PLACEHOLDER_LIMITS.maxText)
    throw invalid(`text must be at most ${PLACEHOLDER_LIMITS.maxText} characters`);
  return { text: text || `${width} × ${height}`, width, height };
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A neutral PNG with the text centred, sized to fit (Arabic is shaped by the SVG renderer). */
export async function renderPlaceholder({ text, width, height }: PlaceholderRequest): Promise<Buffer> {
  const chars = Math.max(1, [...text].length);
  const fontSize = Math.max(6, Math.floor(Math.min(height / 5, (width * 0.9 * 1.8) / chars)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#e5e7eb"/>` +
    `<text x="50%" y="50%" font-family="DejaVu Sans, Noto Sans Arabic, sans-serif" font-size="${fontSize}" fill="#4b5563" text-anchor="middle" dominant-baseline="middle">${escapeXml(text)}</text>` +
    `</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
