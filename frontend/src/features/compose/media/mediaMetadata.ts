import type { Dimensions } from './imageCompression';

export interface MediaMetadata {
  /** Seconds, rounded to one decimal. */
  duration: number | null;
  dimensions: Dimensions | null;
}

const NONE: MediaMetadata = { duration: null, dimensions: null };
/** A file the browser cannot read must not hold the composer up. */
const METADATA_TIMEOUT_MS = 5000;

/** A preview address for a file, or '' where the browser offers none (jsdom). */
export function previewUrl(file: Blob): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

export function revokePreview(url: string): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/** Duration (and, for video, the frame size) as the browser reads them from the file's header. */
export function readMediaMetadata(file: File, kind: 'video' | 'audio'): Promise<MediaMetadata> {
  const url = previewUrl(file);
  if (!url) return Promise.resolve(NONE);
  return new Promise((resolve) => {
    const element = document.createElement(kind);
    // Called only after this line has run, by the timer itself or by the element's events.
    const timer = setTimeout(() => finish(NONE), METADATA_TIMEOUT_MS);
    const finish = (result: MediaMetadata) => {
      clearTimeout(timer);
      element.removeAttribute('src');
      revokePreview(url);
      resolve(result);
    };
    element.preload = 'metadata';
    element.onloadedmetadata = () => {
      const duration = Number.isFinite(element.duration) ? Math.round(element.duration * 10) / 10 : null;
      const video = element as HTMLVideoElement;
      const dimensions =
        kind === 'video' && video.videoWidth > 0 && video.videoHeight > 0
          ? { width: video.videoWidth, height: video.videoHeight }
          : null;
      finish({ duration, dimensions });
    };
    element.onerror = () => finish(NONE);
    element.src = url;
  });
}
