/** `Content-Range: bytes <start>-<end>/<total>` of a chunk request (RFC 9110 §14.4), or null. */
export function parseContentRange(header: string | undefined): { start: number; end: number; total: number } | null {
  const m = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec((header ?? '').trim());
  if (!m) return null;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (start > end || end >= total) return null;
  return { start, end, total };
}

/** Byte span chunk `index` must cover in a file of `fileSize` cut into `chunkSize` pieces. */
export function chunkSpan(
  index: number,
  fileSize: number,
  chunkSize: number,
): { start: number; end: number; length: number } {
  const start = index * chunkSize;
  const end = Math.min(fileSize, start + chunkSize) - 1;
  return { start, end, length: end - start + 1 };
}
