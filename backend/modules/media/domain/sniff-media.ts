import type { SniffedType } from './media-types';

/** Bytes needed to decide a type (ftyp brands, RIFF form, OLE/ZIP markers). */
export const SNIFF_BYTES = 4096;

const at = (b: Buffer, bytes: number[], offset = 0) =>
  b.length >= offset + bytes.length && bytes.every((x, i) => b[offset + i] === x);
const ascii = (b: Buffer, text: string, offset = 0) =>
  b.length >= offset + text.length && b.toString('latin1', offset, offset + text.length) === text;

/**
 * The file type from its magic bytes, or null when it is none of the accepted kinds. The client's
 * name and content type are never consulted: a renamed executable stays unknown.
 */
export function sniffMedia(b: Buffer): SniffedType | null {
  if (at(b, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (at(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (ascii(b, 'GIF87a') || ascii(b, 'GIF89a')) return { kind: 'image', mime: 'image/gif', ext: 'gif' };
  if (ascii(b, 'RIFF')) {
    if (ascii(b, 'WEBP', 8)) return { kind: 'image', mime: 'image/webp', ext: 'webp' };
    if (ascii(b, 'AVI ', 8)) return { kind: 'video', mime: 'video/x-msvideo', ext: 'avi' };
    if (ascii(b, 'WAVE', 8)) return { kind: 'audio', mime: 'audio/wav', ext: 'wav' };
    return null;
  }
  if (ascii(b, 'ftyp', 4)) return sniffIsoMedia(b);
  // EBML header; Matroska files that are not WebM are refused (the spec accepts webm, not mkv).
  if (at(b, [0x1a, 0x45, 0xdf, 0xa3]))
    return b.subarray(0, SNIFF_BYTES).includes('webm', 0, 'latin1')
      ? { kind: 'video', mime: 'video/webm', ext: 'webm' }
      : null;
  if (ascii(b, 'OggS')) return { kind: 'audio', mime: 'audio/ogg', ext: 'ogg' };
  if (
    ascii(b, 'ID3') ||
    (b.length >= 2 && b[0] === 0xff && (b.readUInt8(1) & 0xe0) === 0xe0 && (b.readUInt8(1) & 0x06) !== 0)
  )
    return { kind: 'audio', mime: 'audio/mpeg', ext: 'mp3' };
  if (ascii(b, '%PDF-')) return { kind: 'document', mime: 'application/pdf', ext: 'pdf' };
  if (at(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { kind: 'document', mime: 'application/msword', ext: 'doc' };
  if (ascii(b, 'PK\x03\x04') && b.subarray(0, SNIFF_BYTES).includes('word/', 0, 'latin1')) {
    return {
      kind: 'document',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
    };
  }
  if (isPlainText(b)) return { kind: 'document', mime: 'text/plain; charset=utf-8', ext: 'txt' };
  return null;
}

/** ISO base media (mp4, mov, m4a): the major brand says which. HEIC/AVIF images are not accepted. */
function sniffIsoMedia(b: Buffer): SniffedType | null {
  const brand = b.toString('latin1', 8, 12);
  if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
  if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', mime: 'audio/mp4', ext: 'm4a' };
  if (/^(heic|heix|mif1|msf1|avif|avis)$/.test(brand)) return null;
  if (/^(isom|iso[2-9]|mp4[12]|avc1|dash|M4V |MSNV|3gp[4-6]|mmp4|f4v )$/.test(brand))
    return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  return null;
}

/** UTF-8 text without control characters other than tab, CR, LF and form feed. */
function isPlainText(b: Buffer): boolean {
  if (b.length === 0) return false;
  const head = b.subarray(0, SNIFF_BYTES);
  for (const byte of head) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) return false;
  }
  // A multi-byte character cut at the sniff window's end is fine; invalid sequences elsewhere are not.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const replaced = (text.match(/\uFFFD/g) ?? []).length;
  return replaced <= (head.length === SNIFF_BYTES ? 1 : 0);
}
