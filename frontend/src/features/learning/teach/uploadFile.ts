import { hashInWorker, runChunkedUpload } from '@/features/uploads';

export type UploadPurpose = 'image' | 'post';

/**
 * Sends a file through the media module's chunked upload (the app's one upload client: 1 MB chunks,
 * SHA-256 in a Web Worker, a 409 chunk counted as done, retries) and answers its media id, which a
 * course names as its thumbnail, preview or lesson video.
 */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void = () => {},
): Promise<string> {
  const { mediaId } = await runChunkedUpload({
    file,
    purpose,
    hash: hashInWorker,
    onProgress: ({ uploadedChunks, totalChunks }) => onProgress(uploadedChunks / totalChunks),
  });
  return mediaId;
}
