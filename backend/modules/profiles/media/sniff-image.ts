export interface SniffedImage {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  ext: 'jpg' | 'png' | 'gif' | 'webp';
}

const startsWith = (b: Buffer, bytes: number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type by its magic bytes (never the client's file name or content type), or null. */
export function sniffImage(b: Buffer): SniffedImage | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp' };
  return null;
}

export const MIME_BY_EXT: Record<SniffedImage['ext'], SniffedImage['mime']> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
