import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_VARIANTS } from '../../../../backend/modules/media';
import { MediaInputError } from '../media-input.error';

// libvips otherwise caches open files and decoded images between jobs (Immich's leak).
sharp.cache(false);

export interface PreparedImage {
  name: string;
  buffer: Buffer;
  mime: string;
  width: number;
  height: number;
}

const ENCODINGS = [
  { ext: 'avif', mime: 'image/avif', encode: (s: Sharp, quality: number) => s.avif({ quality, effort: 2 }) },
  { ext: 'webp', mime: 'image/webp', encode: (s: Sharp, quality: number) => s.webp({ quality }) },
  { ext: 'jpg', mime: 'image/jpeg', encode: (s: Sharp, quality: number) => s.jpeg({ quality, mozjpeg: true }) },
] as const;

/**
 * Responsive variants of one image: upright (EXIF orientation applied), sRGB, metadata stripped,
 * at each spec width up to the image's own (never enlarged), in AVIF, WebP and a JPEG fallback.
 * Corrupt files and decompression bombs fail with MediaInputError.
 */
export async function prepareImageVariants(
  input: Buffer,
  options: { quality: number; prefix?: string; maxInputPixels?: number },
): Promise<{ width: number; height: number; variants: PreparedImage[] }> {
  const limitInputPixels = options.maxInputPixels ?? IMAGE_VARIANTS.maxInputPixels;
  const open = () => sharp(input, { limitInputPixels, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (err) {
    throw imageError(err);
  }
  if (!meta.width || !meta.height) throw new MediaInputError('CORRUPT_IMAGE', 'Failed to load image');
  if (meta.width * meta.height > limitInputPixels) throw bomb();
  // Orientations 5-8 turn the picture a quarter: width and height swap once upright.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const widths: number[] = IMAGE_VARIANTS.widths.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width);

  try {
    const variants = await Promise.all(
      widths.flatMap((w) =>
        ENCODINGS.map(async (enc) => {
          // No withMetadata(): sharp drops EXIF (GPS, camera) and ICC once converted to sRGB.
          const pipeline = open().rotate().resize({ width: w, withoutEnlargement: true }).toColourspace('srgb');
          const { data, info } = await enc.encode(pipeline, options.quality).toBuffer({ resolveWithObject: true });
          return { name: `${options.prefix ?? ''}w${w}.${enc.ext}`, buffer: data, mime: enc.mime, width: info.width, height: info.height };
        }),
      ),
    );
    return { width, height, variants };
  } catch (err) {
    throw imageError(err);
  }
}

const bomb = () => new MediaInputError('IMAGE_TOO_LARGE', `Image is too large (more than ${IMAGE_VARIANTS.maxInputPixels / 1_000_000} megapixels)`);

function imageError(err: unknown): MediaInputError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return bomb();
  return new MediaInputError('CORRUPT_IMAGE', 'Failed to load image');
}
