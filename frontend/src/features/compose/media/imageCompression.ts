import { IMAGE_COMPRESSION } from '../limits';

export interface Dimensions {
  width: number;
  height: number;
}

/**
 * §9: the size an image is drawn at so its longest side is at most `maxSide`, keeping the aspect
 * ratio; never enlarged. Sides are whole pixels, at least 1.
 */
export function targetSize(
  { width, height }: Dimensions,
  maxSide: number = IMAGE_COMPRESSION.maxSide,
): Dimensions & { scaled: boolean } {
  if (!(width > 0) || !(height > 0)) throw new RangeError('Image dimensions must be positive');
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height, scaled: false };
  const ratio = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * ratio)),
    height: Math.max(1, Math.round(height * ratio)),
    scaled: true,
  };
}

export interface CompressedImage {
  file: File;
  dimensions: Dimensions | null;
  compressed: boolean;
}

/** Whether this browser can decode and re-encode images (jsdom and old browsers cannot). */
export function canCompressImages(): boolean {
  return typeof globalThis.createImageBitmap === 'function' && typeof document !== 'undefined';
}

function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, IMAGE_COMPRESSION.mime, quality));
}

/**
 * Re-encodes an image as JPEG at quality 0.8 with its longest side at most 1200 px. GIFs are left
 * alone (re-encoding would drop their animation), and so is any image the browser cannot decode or
 * that would not get smaller: the original is sent then, and the size rule applies to it.
 */
export async function compressImage(file: File): Promise<CompressedImage> {
  if (file.type === 'image/gif' || !canCompressImages()) return { file, dimensions: null, compressed: false };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { file, dimensions: null, compressed: false };
  }
  const original = { width: bitmap.width, height: bitmap.height };
  try {
    const size = targetSize(original);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return { file, dimensions: original, compressed: false };
    // JPEG has no transparency: transparent PNG/WebP areas become white rather than black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await toBlob(canvas, IMAGE_COMPRESSION.quality);
    if (!blob || (!size.scaled && blob.size >= file.size)) return { file, dimensions: original, compressed: false };
    const output = new File([blob], jpegName(file.name), {
      type: IMAGE_COMPRESSION.mime,
      lastModified: file.lastModified,
    });
    return { file: output, dimensions: { width: size.width, height: size.height }, compressed: true };
  } catch {
    return { file, dimensions: original, compressed: false };
  } finally {
    bitmap.close?.();
  }
}
