import type { MediaPurpose } from './media-types';

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
}

export type UploadEvent =
  | { type: 'UploadStarted'; data: UploadStartedData }
  | { type: 'UploadCompleted'; data: { uploadId: string; mediaId: string; completedAt: string } }
  | { type: 'UploadRejected'; data: { uploadId: string; code: string; reason: string; rejectedAt: string } }
  | { type: 'UploadExpired'; data: { uploadId: string; expiredAt: string } };
