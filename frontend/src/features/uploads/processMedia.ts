import { UPLOAD_LIMITS } from './limits';
import type { UploadMetadata } from './uploadItem';

/** The size an image is drawn at so its longest side is at most `maxSide`; never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number = UPLOAD_LIMITS.maxImageSide) {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const ratio = maxSide / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

const webpName = (name: string) => `${name.replace(/\.[^.]+$/, '') || name}.webp`;

/**
 * §5: an image is redrawn with its longest side at most 2048 px and encoded as WebP at quality 0.9.
 * Throws 'Failed to load image' when the browser cannot decode it, 'Failed to resize image' when it
 * cannot encode the result.
 */
export async function resizeImage(file: File): Promise<{ file: File; metadata: UploadMetadata }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('Failed to load image');
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Failed to resize image');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/webp', UPLOAD_LIMITS.webpQuality),
    );
    if (!blob || blob.type !== 'image/webp') throw new Error('Failed to resize image');
    const resized = new File([blob], webpName(file.name), { type: 'image/webp', lastModified: file.lastModified });
    return { file: resized, metadata: { ...size, duration: null, size: resized.size } };
  } finally {
    bitmap.close?.();
  }
}

/** A video's duration and frame size as the browser reads them; 'Failed to load video metadata' otherwise. */
export function readVideoMetadata(file: File, timeoutMs = 10_000): Promise<UploadMetadata> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (outcome: () => void) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      outcome();
    };
    const fail = () => done(() => reject(new Error('Failed to load video metadata')));
    const timer = setTimeout(fail, timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done(() =>
        resolve({
          width: video.videoWidth,
          height: video.videoHeight,
          duration: Number.isFinite(video.duration) ? video.duration : null,
          size: file.size,
        }),
      );
    video.onerror = fail;
    video.src = url;
  });
}
