/** Part 2 §3 Upload item and its §4 states. */
export type UploadStatus = 'pending' | 'processing' | 'uploading' | 'completed' | 'failed' | 'paused';

export interface UploadMetadata {
  width: number | null;
  height: number | null;
  /** Seconds (videos). */
  duration: number | null;
  size: number;
}

export interface UploadItem {
  id: string;
  file: File;
  type: 'image' | 'video';
  status: UploadStatus;
  /** 0-100, from the chunks the server has acknowledged. */
  progress: number;
  uploadedChunks: number;
  totalChunks: number;
  uploadId: string | null;
  /** SHA-256 hex. */
  checksum: string | null;
  metadata: UploadMetadata | null;
  error: string | null;
  /** Set once processing (resize or metadata read) has run: pending then means "ready to upload". */
  processed: boolean;
  mediaId: string | null;
}

export type UploadAction =
  | { type: 'added'; id: string; file: File; kind: 'image' | 'video' }
  | { type: 'processingStarted'; id: string }
  | { type: 'processed'; id: string; file: File; metadata: UploadMetadata }
  | { type: 'uploadStarted'; id: string }
  | { type: 'checksummed'; id: string; checksum: string }
  | { type: 'progressed'; id: string; uploadId: string; uploadedChunks: number; totalChunks: number }
  | { type: 'completed'; id: string; mediaId: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'paused'; id: string }
  | { type: 'removed'; id: string };

/**
 * The transitions of §4: pending → processing → pending (processed) → uploading → completed; failed
 * (retry: pending again) and paused (resume: uploading again) from processing or uploading. Anything
 * else leaves the item as it is, so a late answer from an aborted request cannot undo a pause.
 */
const ALLOWED: Record<Exclude<UploadAction['type'], 'added' | 'removed'>, readonly UploadStatus[]> = {
  processingStarted: ['pending', 'failed'],
  processed: ['processing'],
  uploadStarted: ['pending', 'paused', 'failed'],
  checksummed: ['uploading'],
  progressed: ['uploading'],
  completed: ['uploading'],
  failed: ['processing', 'uploading'],
  paused: ['uploading'],
};

function next(item: UploadItem, action: Exclude<UploadAction, { type: 'added' | 'removed' }>): UploadItem {
  switch (action.type) {
    case 'processingStarted':
      return { ...item, status: 'processing', error: null };
    case 'processed':
      return { ...item, status: 'pending', file: action.file, metadata: action.metadata, processed: true };
    case 'uploadStarted':
      return { ...item, status: 'uploading', error: null };
    case 'checksummed':
      return { ...item, checksum: action.checksum };
    case 'progressed': {
      const progress = Math.floor((action.uploadedChunks / Math.max(1, action.totalChunks)) * 100);
      return {
        ...item,
        uploadId: action.uploadId,
        uploadedChunks: action.uploadedChunks,
        totalChunks: action.totalChunks,
        progress,
      };
    }
    case 'completed':
      return { ...item, status: 'completed', progress: 100, mediaId: action.mediaId };
    case 'failed':
      return { ...item, status: 'failed', error: action.error };
    case 'paused':
      return { ...item, status: 'paused' };
  }
}

export function newUploadItem(id: string, file: File, kind: 'image' | 'video'): UploadItem {
  return {
    id,
    file,
    type: kind,
    status: 'pending',
    progress: 0,
    uploadedChunks: 0,
    totalChunks: 0,
    uploadId: null,
    checksum: null,
    metadata: null,
    error: null,
    processed: false,
    mediaId: null,
  };
}

export function uploadItemsReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  if (action.type === 'added') return [...items, newUploadItem(action.id, action.file, action.kind)];
  if (action.type === 'removed') return items.filter((item) => item.id !== action.id);
  return items.map((item) =>
    item.id === action.id && ALLOWED[action.type].includes(item.status) ? next(item, action) : item,
  );
}
