/** What an uploaded file is, decided by its bytes (never by its name or the client's type). */
export type MediaKind = 'image' | 'video' | 'audio' | 'document';

/**
 * Why a file is being ingested: decides the accepted types and limits.
 * - post: posts, comments, messages (part 1 §5: images, video, audio, documents);
 * - video-post: the video composer (part 2 §9: MP4 only, 100 MB, 90 s);
 * - image: profile pictures and other image-only slots.
 */
export type MediaPurpose = 'post' | 'video-post' | 'image';

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

export const uploadStream = (uploadId: string) => `upload-${uploadId}`;

export interface UploadStartedData {
  uploadId: string;
  ownerId: string;
  /** Shown back to the owner only; never used as a path. */
  filename: string;
  fileSize: number;
  fileType: string;
  totalChunks: number;
  chunkSize: number;
  checksum: string;
  metadata: Record<string, unknown>;
  purpose: MediaPurpose;
  startedAt: string;
  /** The media is made for its uploader's eyes only (audience [ownerId]); absent in older events: public. */
  private?: boolean;
}

export type UploadEvent =
  | { type: 'UploadStarted'; data: UploadStartedData }
  | { type: 'UploadCompleted'; data: { uploadId: string; mediaId: string; completedAt: string } }
  | { type: 'UploadRejected'; data: { uploadId: string; code: string; reason: string; rejectedAt: string } }
  | { type: 'UploadExpired'; data: { uploadId: string; expiredAt: string } };
