import { sniffImage } from './sniff-image';

describe('sniffImage', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[...Buffer.from('GIF89a'), 1, 0], 'image/gif'],
    [[...Buffer.from('GIF87a'), 1, 0], 'image/gif'],
    [[...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')], 'image/webp'],
  ])('recognises %j as %s', (bytes, mime) => {
    expect(sniffImage(Buffer.from(bytes))?.mime).toBe(mime);
  });

  it.each([
    ['text claiming to be an image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF that is not WEBP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_label, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });
});
