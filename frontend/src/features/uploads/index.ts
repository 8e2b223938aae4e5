/**
 * The §5 media uploader: chunked, resumable uploads with a per-file state machine, for any screen that
 * sends files (the video composer and the messages composer).
 */
export { admitFiles, type AdmitRules, DEFAULT_ADMIT_RULES, type UploadProblem } from './admitFiles';
export { type ChunkedUploadResult, runChunkedUpload, UploadError, type UploadProgress } from './chunkedUpload';
export { MediaUploader } from './components/MediaUploader';
export { UploadItemRow } from './components/UploadItemRow';
export { UploadThumbnail } from './components/UploadThumbnail';
export { hashInWorker } from './hashInWorker';
export { chunkSpan, totalChunksFor, UPLOAD_LIMITS, type UploadPurpose } from './limits';
export { readVideoMetadata } from './processMedia';
export { hasResumableUpload } from './resumeStore';
export { type UploadItem, type UploadMetadata, type UploadStatus } from './uploadItem';
export {
  type MediaProcessors,
  type MediaUploaderOptions,
  type MediaUploader as MediaUploaderState,
  useMediaUploader,
} from './useMediaUploader';
