import type { RateBudget } from '@platform/http';

/** The spec's media constants (part 1 §5 and §9, part 2 §5, §7 and §9), in one place. */
export const MB = 1024 * 1024;

export const MEDIA_LIMITS = {
  /** Part 1 §9: "image 5MB, other files 100MB". */
  imageBytes: 5 * MB,
  otherBytes: 100 * MB,
  /** Part 2 §9: the chunked uploader. */
  chunkBytes: 1 * MB,
  uploadBytes: 50 * MB,
  videoPostBytes: 100 * MB,
  videoPostSeconds: 90,
  /** Abandoned chunked uploads are swept after this long. */
  uploadTtlMs: 24 * 3600_000,
} as const;

/** Part 2 §9: responsive widths at quality 85, poster quality 80, AVIF > WebP > JPEG. */
export const IMAGE_VARIANTS = {
  widths: [320, 640, 1024, 1280, 1920],
  quality: 85,
  posterQuality: 80,
  formats: ['avif', 'webp', 'jpeg'],
  /** Decompression-bomb guard: a 5 MB file may not expand beyond ~ 50 megapixels. */
  maxInputPixels: 50_000_000,
} as const;

/** Issue 6: transcodes are H.264/AAC MP4 at most this long on the long side. */
export const VIDEO_MAX_SIDE = 1280;

/**
 * Rate budget of upload chunks (RateLimitGuard; README "Rate limits"): 600 MB in any 10 minutes per
 * member, twelve uploads of the largest size; init and finalize count as ordinary writes.
 */
export const UPLOAD_CHUNK_BUDGET = {
  name: 'upload-chunks',
  member: { limit: 600, windowMs: 10 * 60_000 },
  ip: { limit: 3000, windowMs: 10 * 60_000 },
} as const satisfies RateBudget;
