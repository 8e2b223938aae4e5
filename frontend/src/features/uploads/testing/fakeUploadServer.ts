import type { FakeRoute } from '@/testing/render';

interface FakeUpload {
  totalChunks: number;
  have: Set<number>;
  status: 'open' | 'completed';
  mediaId: string | null;
}

/**
 * The chunked upload API of part 2 §7 as the browser sees it (init, chunk with 409 for a stored one,
 * progress, finalize), for the uploader's tests. `preStored` chunks answer 409 from the start.
 */
export function fakeUploadServer() {
  const uploads = new Map<string, FakeUpload>();
  const log: string[] = [];
  let next = 0;
  const server = {
    uploads,
    log,
    /** Chunks that fail with this status once, by index. */
    failOnce: new Map<number, number>(),
    answer(method: string, path: string, body: unknown): FakeRoute | undefined {
      const init = method === 'POST' && path === '/api/uploads/init';
      if (init) {
        const { totalChunks } = body as { totalChunks: number };
        const uploadId = `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;
        uploads.set(uploadId, { totalChunks, have: new Set(), status: 'open', mediaId: null });
        log.push('init');
        return { status: 201, body: { uploadId, totalChunks, uploadedChunks: [] } };
      }
      const match = /^\/api\/uploads\/([^/]+)(?:\/(chunk)\/(\d+)|\/(finalize))?$/.exec(path);
      const upload = match ? uploads.get(match[1]!) : undefined;
      if (!match || !upload) return undefined;
      if (method === 'GET' && !match[2] && !match[4]) {
        log.push('progress');
        return {
          body: {
            uploadId: match[1],
            status: upload.status,
            uploadedChunks: [...upload.have],
            mediaId: upload.mediaId,
          },
        };
      }
      if (match[2]) {
        const index = Number(match[3]);
        const fail = server.failOnce.get(index);
        if (fail) {
          server.failOnce.delete(index);
          log.push(`chunk ${index} ${fail}`);
          return { status: fail, body: { message: 'Server error' } };
        }
        const exists = upload.have.has(index);
        upload.have.add(index);
        log.push(`chunk ${index} ${exists ? 409 : 201}`);
        return exists
          ? { status: 409, body: { message: `Chunk ${index} already uploaded` } }
          : { status: 201, body: { index, uploadedChunks: upload.have.size } };
      }
      if (match[4]) {
        log.push('finalize');
        if (upload.have.size !== upload.totalChunks)
          return { status: 409, body: { message: 'Upload is missing chunks' } };
        upload.status = 'completed';
        upload.mediaId = 'media-1';
        return { body: { uploadId: match[1], mediaId: 'media-1' } };
      }
      return undefined;
    },
  };
  return server;
}
