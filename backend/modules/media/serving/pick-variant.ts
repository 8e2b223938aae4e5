import type { MediaVariant } from '../events';

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

export interface ImageRequest {
  w?: number | undefined;
  h?: number | undefined;
  /** Explicit format; else the Accept header decides. */
  f?: ImageFormat | undefined;
  accept?: string | undefined;
}

const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** AVIF, then WebP, then JPEG, as far as the client accepts them (part 2 §9). */
export function formatFor(accept: string | undefined): ImageFormat {
  const a = (accept ?? '').toLowerCase();
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * The prepared variant nearest a request: the requested format (falling back to JPEG, which every
 * set has), then the smallest width that still covers the asked width (or the height scaled by the
 * aspect ratio); the largest when none is wide enough. No size is ever made on demand.
 */
export function pickVariant(variants: MediaVariant[], request: ImageRequest): MediaVariant | null {
  const format = request.f ?? formatFor(request.accept);
  let pool = variants.filter((v) => v.mime === MIME[format]);
  if (pool.length === 0) pool = variants.filter((v) => v.mime === MIME.jpeg);
  if (pool.length === 0) pool = variants;
  const sorted = [...pool].sort((a, b) => a.width - b.width);
  const largest = sorted.at(-1);
  if (largest === undefined) return null;
  const wanted = Math.max(
    request.w ?? 0,
    request.h ? Math.ceil((request.h * largest.width) / Math.max(1, largest.height)) : 0,
  );
  if (!wanted) return largest;
  return sorted.find((v) => v.width >= wanted) ?? largest;
}
