import { sniffMedia } from './sniff-media';

const b = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const ftyp = (brand: string) => b([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 0, 0], 'isommp41');

describe('sniffMedia', () => {
  it.each([
    ['jpeg', b([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['png', b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ['gif', b('GIF89a...'), 'image/gif'],
    ['webp', b('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['mp4', ftyp('isom'), 'video/mp4'],
    ['mov', ftyp('qt  '), 'video/quicktime'],
    ['m4a', ftyp('M4A '), 'audio/mp4'],
    ['webm', b([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'), 'video/webm'],
    ['avi', b('RIFF', [1, 2, 3, 4], 'AVI LIST'), 'video/x-msvideo'],
    ['wav', b('RIFF', [1, 2, 3, 4], 'WAVEfmt '), 'audio/wav'],
    ['mp3 (ID3)', b('ID3', [4, 0, 0]), 'audio/mpeg'],
    ['mp3 (frame sync)', b([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['ogg', b('OggS', [0, 2]), 'audio/ogg'],
    ['pdf', b('%PDF-1.7\n'), 'application/pdf'],
    ['doc', b([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/msword'],
    [
      'docx',
      b('PK\x03\x04', [20, 0], '[Content_Types].xml word/document.xml'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['txt', b('Assalamu alaikum\nسلام\n'), 'text/plain; charset=utf-8'],
  ])('recognises %s by its bytes', (_name, bytes, mime) => {
    expect(sniffMedia(bytes)?.mime).toBe(mime);
  });

  it.each([
    ['an ELF executable', b([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
    ['a Windows executable', b('MZ', [0x90, 0, 3, 0, 0, 0])],
    ['a plain zip', b('PK\x03\x04', [20, 0], 'readme.md')],
    ['HEIC', ftyp('heic')],
    ['matroska that is not webm', b([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska')],
    ['binary noise', b([0, 1, 2, 3, 4, 5, 6, 7])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffMedia(bytes)).toBeNull();
  });

  it('ignores what a file claims to be: an executable named photo.jpg is still unknown', () => {
    // Only bytes go in; there is no name or content type to be fooled by.
    expect(sniffMedia(b('MZ', [0x90, 0, 3, 0], 'photo.jpg image/jpeg'))).toBeNull();
  });
});
