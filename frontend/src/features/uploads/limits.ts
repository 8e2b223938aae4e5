const MB = 1024 * 1024;

/** Part 2 §9 upload constants (the server's are in backend/modules/media/limits.ts). */
export const UPLOAD_LIMITS = {
  chunkBytes: 1 * MB,
  maxBytes: 50 * MB,
  maxFiles: 4,
  maxImageSide: 2048,
  webpQuality: 0.9,
} as const;

/** The server's purposes for a chunked upload: a video post's clip gets the composer's checks at finalize. */
export type UploadPurpose = 'post' | 'video-post' | 'image';

export function totalChunksFor(bytes: number, chunkBytes: number = UPLOAD_LIMITS.chunkBytes): number {
  return Math.max(1, Math.ceil(bytes / chunkBytes));
}

/** The byte span of chunk `index` (end inclusive, as Content-Range writes it). */
export function chunkSpan(index: number, bytes: number, chunkBytes: number = UPLOAD_LIMITS.chunkBytes) {
  const start = index * chunkBytes;
  const end = Math.min(bytes, start + chunkBytes) - 1;
  return { start, end };
}
