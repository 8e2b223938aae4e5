import { CSRF_HEADER, type FetchLike, getCsrfToken } from '@/app/csrf';

import { chunkSpan, totalChunksFor, type UploadPurpose } from './limits';
import { fileFingerprint, forgetUpload, recalledUpload, rememberUpload } from './resumeStore';

/** Where an upload failed; `serverMessage` is the server's own text when it gave one (e.g. a 413). */
export type UploadFailure = 'init' | 'chunk' | 'finalize' | 'cancelled';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly failure: UploadFailure,
    readonly status: number | null = null,
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadProgress {
  uploadId: string;
  uploadedChunks: number;
  totalChunks: number;
}

export interface ChunkedUploadRequest {
  file: File;
  purpose: UploadPurpose;
  /** Seen by the uploader alone until something shares it (a direct message does); default public. */
  private?: boolean;
  metadata?: Record<string, unknown>;
  signal?: AbortSignal;
  onChecksum?: (hex: string) => void;
  onProgress?: (progress: UploadProgress) => void;
  /** SHA-256 hex of the file; the app passes the Web Worker one (checksumWorker.ts). */
  hash: (file: Blob) => Promise<string>;
  fetchImpl?: FetchLike;
}

export interface ChunkedUploadResult {
  uploadId: string;
  mediaId: string;
  checksum: string;
}

interface ServerProgress {
  uploadId: string;
  status: string;
  uploadedChunks: number[];
  mediaId: string | null;
}

/** A chunk that fails on the network (not refused by the server) is tried this many times in all. */
const CHUNK_ATTEMPTS = 3;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body = (await response.json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const messageOf = (body: Record<string, unknown>) => (typeof body.message === 'string' ? body.message : null);

const isAbort = (error: unknown, signal?: AbortSignal) =>
  signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

const cancelled = () => new UploadError('Upload cancelled', 'cancelled');

/**
 * Part 2 §7 chunked upload: init with the file's SHA-256, 1 MB chunks with Content-Range (a 409 means
 * the server has that chunk: done), finalize. An upload this browser started for the same file is
 * continued from the chunks the server holds, also after a reload. Aborting the signal pauses it:
 * running it again resumes.
 */
export async function runChunkedUpload(request: ChunkedUploadRequest): Promise<ChunkedUploadResult> {
  const { file, signal } = request;
  const fetchImpl: FetchLike = request.fetchImpl ?? ((input, init) => fetch(input, init));
  const send = async (url: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> }) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.method && init.method !== 'GET') {
      const token = await getCsrfToken(url, fetchImpl);
      if (token) headers[CSRF_HEADER] = token;
    }
    return fetchImpl(url, { ...init, headers, credentials: 'include', ...(signal ? { signal } : {}) });
  };
  const guard = async <T>(failure: UploadFailure, message: string, step: () => Promise<T>): Promise<T> => {
    if (signal?.aborted) throw cancelled();
    try {
      return await step();
    } catch (error) {
      if (error instanceof UploadError) throw error;
      if (isAbort(error, signal)) throw cancelled();
      throw new UploadError(message, failure);
    }
  };

  // A private upload never continues a public one of the same file, nor the other way round.
  const fingerprint = fileFingerprint(file) + (request.private ? '|private' : '');
  const totalChunks = totalChunksFor(file.size);
  const recalled = recalledUpload(fingerprint);
  const checksum = recalled?.checksum ?? (await guard('init', 'Failed to initialize upload', () => request.hash(file)));
  request.onChecksum?.(checksum);

  let uploadId: string | null = null;
  let have = new Set<number>();
  if (recalled) {
    const existing = await guard('init', 'Failed to initialize upload', async () => {
      const response = await send(`/api/uploads/${encodeURIComponent(recalled.uploadId)}`, { method: 'GET' });
      return response.ok ? ((await response.json()) as ServerProgress) : null;
    });
    if (existing?.status === 'completed' && existing.mediaId) {
      forgetUpload(fingerprint);
      request.onProgress?.({ uploadId: existing.uploadId, uploadedChunks: totalChunks, totalChunks });
      return { uploadId: existing.uploadId, mediaId: existing.mediaId, checksum };
    }
    if (existing?.status === 'open') {
      uploadId = existing.uploadId;
      have = new Set(existing.uploadedChunks);
    } else {
      // Expired, refused or not this member's: start again.
      forgetUpload(fingerprint);
    }
  }

  if (!uploadId) {
    uploadId = await guard('init', 'Failed to initialize upload', async () => {
      const response = await send('/api/uploads/init', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          filename: file.name,
          fileSize: file.size,
          fileType: file.type,
          totalChunks,
          checksum,
          metadata: request.metadata ?? {},
          purpose: request.purpose,
          ...(request.private ? { private: true } : {}),
        }),
      });
      const body = await readJson(response);
      if (!response.ok || typeof body.uploadId !== 'string') {
        throw new UploadError('Failed to initialize upload', 'init', response.status, messageOf(body));
      }
      return body.uploadId;
    });
    rememberUpload(fingerprint, { uploadId, checksum, startedAt: new Date().toISOString() });
  }

  const id = uploadId;
  request.onProgress?.({ uploadId: id, uploadedChunks: have.size, totalChunks });
  for (let index = 0; index < totalChunks; index++) {
    if (have.has(index)) continue;
    const failed = `Failed to upload chunk ${index + 1}`;
    const { start, end } = chunkSpan(index, file.size);
    for (let attempt = 1; ; attempt++) {
      try {
        await guard('chunk', failed, async () => {
          const response = await send(`/api/uploads/${encodeURIComponent(id)}/chunk/${index}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/octet-stream',
              'Content-Range': `bytes ${start}-${end}/${file.size}`,
            },
            body: file.slice(start, end + 1),
          });
          // 409: the server already has this chunk (a retry after a lost answer, or a resume).
          if (!response.ok && response.status !== 409) {
            throw new UploadError(failed, 'chunk', response.status, messageOf(await readJson(response)));
          }
        });
        break;
      } catch (error) {
        const refused = error instanceof UploadError && (error.status !== null || error.failure === 'cancelled');
        if (refused || attempt >= CHUNK_ATTEMPTS) throw error;
      }
    }
    have.add(index);
    request.onProgress?.({ uploadId: id, uploadedChunks: have.size, totalChunks });
  }

  const mediaId = await guard('finalize', 'Failed to finalize upload', async () => {
    const response = await send(`/api/uploads/${encodeURIComponent(id)}/finalize`, { method: 'POST' });
    const body = await readJson(response);
    if (!response.ok || typeof body.mediaId !== 'string') {
      // A refusal at finalize (checksum, or the clip's own checks) closes the upload for good.
      if (response.status === 422 || response.status === 415) forgetUpload(fingerprint);
      throw new UploadError('Failed to finalize upload', 'finalize', response.status, messageOf(body));
    }
    return body.mediaId;
  });
  forgetUpload(fingerprint);
  return { uploadId: id, mediaId, checksum };
}
