import sharp from 'sharp';

/**
 * A photo-like PNG (colour gradients, so it does not compress to nothing), written to `path`: by
 * default 3000 × 2000, larger than the §5 uploader's 2048 px on either side.
 */
export async function largePhoto(path: string, width = 3000, height = 2000): Promise<void> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = (x * y) % 251;
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toFile(path);
}
