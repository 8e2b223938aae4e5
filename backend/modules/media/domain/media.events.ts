import type { MediaKind, MediaPurpose } from './media-types';

export const mediaStream = (mediaId: string) => `media-${mediaId}`;

/** One prepared file of a media item (an image width/format, a poster, the transcoded video). */
export interface MediaVariant {
  /** File name under /media/<id>/, e.g. w640.webp, poster-w320.jpg, video.mp4. */
  name: string;
  /** Blob key. */
  key: string;
  mime: string;
  role: 'image' | 'poster' | 'video';
  width: number;
  height: number;
  bytes: number;
}

export interface MediaUploadedData {
  mediaId: string;
  ownerId: string;
  kind: MediaKind;
  mime: string;
  ext: string;
  bytes: number;
  sha256: string;
  originalKey: string;
  purpose: MediaPurpose;
  /** Videos longer than this fail processing (null: no bound beyond the transcode time limit). */
  maxDurationSeconds: number | null;
  uploadedAt: string;
  /** The client's file name, cleaned, for display and downloads only (never a path or a key); absent in older events. */
  name?: string | null;
  /**
   * Member ids who alone may fetch the files (e.g. a direct message's two participants); absent for
   * media anyone may see (and in older events). Present, even empty, means restricted.
   */
  audience?: string[];
}

export interface MediaProcessedData {
  mediaId: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  variants: MediaVariant[];
  processedAt: string;
}

/**
 * A video's poster is stored before its transcode starts, so a post can show the picture while the
 * clip is still being prepared (spec part 1 §5: "thumbnail first"). Width, height and duration are
 * the probed original's, upright.
 */
export interface MediaPosterPreparedData {
  mediaId: string;
  width: number;
  height: number;
  durationSeconds: number;
  variants: MediaVariant[];
  preparedAt: string;
}

export interface MediaFailedData {
  mediaId: string;
  code: string;
  message: string;
  failedAt: string;
}

export type MediaEvent =
  | { type: 'MediaUploaded'; data: MediaUploadedData }
  | { type: 'MediaPosterPrepared'; data: MediaPosterPreparedData }
  | { type: 'MediaProcessed'; data: MediaProcessedData }
  | { type: 'MediaFailed'; data: MediaFailedData };
