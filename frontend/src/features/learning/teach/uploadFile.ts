import { CSRF_HEADER, getCsrfToken } from '@/app/csrf';

/** §9 chunked uploads: 1 MB chunks, SHA-256 of the whole file. */
export const CHUNK_BYTES = 1024 * 1024;

export type UploadPurpose = 'image' | 'post';

async function call(url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<unknown> {
  const token = await getCsrfToken(url);
  const response = await fetch(url, {
    ...init,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}), ...init.headers },
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  // 409 on a chunk: the server already has it (a retried chunk counts as done).
  if (!response.ok && !(response.status === 409 && url.includes('/chunk/'))) {
    const message = (body as { message?: string } | undefined)?.message;
    throw new Error(message || `${response.status}`);
  }
  return body;
}

async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends a file through the media module's chunked upload (init, chunks, finalize) and answers its
 * media id, which a course names as its thumbnail, preview or lesson video.
 */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void = () => {},
): Promise<string> {
  const totalChunks = Math.max(1, Math.ceil(file.size / CHUNK_BYTES));
  const init = (await call('/api/uploads/init', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      filename: file.name,
      fileSize: file.size,
      fileType: file.type,
      totalChunks,
      checksum: await sha256Hex(file),
      purpose,
    }),
  })) as { uploadId: string };
  for (let index = 0; index < totalChunks; index += 1) {
    const start = index * CHUNK_BYTES;
    const end = Math.min(file.size, start + CHUNK_BYTES) - 1;
    await call(`/api/uploads/${encodeURIComponent(init.uploadId)}/chunk/${index}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes ${start}-${end}/${file.size}` },
      body: file.slice(start, end + 1),
    });
    onProgress((index + 1) / totalChunks);
  }
  const done = (await call(`/api/uploads/${encodeURIComponent(init.uploadId)}/finalize`, { method: 'POST' })) as {
    mediaId: string;
  };
  return done.mediaId;
}
