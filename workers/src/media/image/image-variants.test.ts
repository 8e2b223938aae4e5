import sharp from 'sharp';

import { prepareImageVariants } from './image-variants';

/** A landscape photo as a phone stores it: pixels sideways, EXIF orientation 6 says "turn right". */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6f4e' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'TestPhone', Model: 'GPS-Leaker' } } })
    .toBuffer();
}

describe('prepareImageVariants (real sharp)', () => {
  it('comes out upright, stripped, in AVIF, WebP and JPEG at widths up to its own', async () => {
    const input = await phonePhoto(1100, 700);
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const out = await prepareImageVariants(input, { quality: 85 });
    // Upright, the 1100x700 sensor image is 700 wide and 1100 high.
    expect({ width: out.width, height: out.height }).toEqual({ width: 700, height: 1100 });
    expect(out.variants.map((v) => v.name).sort()).toEqual([
      'w320.avif',
      'w320.jpg',
      'w320.webp',
      'w640.avif',
      'w640.jpg',
      'w640.webp',
    ]);
    for (const v of out.variants) {
      const meta = await sharp(v.buffer).metadata();
      expect(meta.format).toBe({ 'image/avif': 'heif', 'image/webp': 'webp', 'image/jpeg': 'jpeg' }[v.mime]);
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBeGreaterThan(meta.width!);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('never enlarges a small image', async () => {
    const input = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const out = await prepareImageVariants(input, { quality: 80, prefix: 'poster-' });
    expect(out.variants.map((v) => `${v.name} ${v.width}x${v.height}`).sort()).toEqual([
      'poster-w200.avif 200x100',
      'poster-w200.jpg 200x100',
      'poster-w200.webp 200x100',
    ]);
  });

  it('fails clearly on a corrupt file', async () => {
    const valid = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const truncated = valid.subarray(0, 40);
    await expect(prepareImageVariants(truncated, { quality: 85 })).rejects.toMatchObject({
      name: 'MediaInputError',
      code: 'CORRUPT_IMAGE',
      message: 'Failed to load image',
    });
    await expect(prepareImageVariants(Buffer.from('not an image at all'), { quality: 85 })).rejects.toMatchObject({
      code: 'CORRUPT_IMAGE',
    });
  });

  it('refuses decompression bombs by their pixel count before decoding', async () => {
    // A tiny PNG declaring many pixels; the limit is lowered so the test file stays small.
    const wide = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(wide.length).toBeLessThan(100_000);
    await expect(prepareImageVariants(wide, { quality: 85, maxInputPixels: 1_000_000 })).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
    });
  });
});
