import { fakeResponse } from '@/testing/render';

import { runChunkedUpload, UploadError, type UploadProgress } from './chunkedUpload';
import { fakeUploadServer } from './testing/fakeUploadServer';

const MB = 1024 * 1024;
const clip = () => new File([new Uint8Array(2.5 * MB)], 'clip.mp4', { type: 'video/mp4', lastModified: 1 });
const HEX = 'a'.repeat(64);

function setup() {
  const server = fakeUploadServer();
  const ranges: string[] = [];
  const fetchImpl = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    if (url === '/api/auth/csrf') return fakeResponse({ body: { csrfToken: 'tok' } });
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (headers['Content-Range']) ranges.push(headers['Content-Range']);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const route = server.answer((init?.method ?? 'GET').toUpperCase(), url, body);
    return fakeResponse(route ?? { status: 404, body: { message: 'Upload not found' } });
  });
  const hash = jest.fn(async () => HEX);
  return { server, ranges, fetchImpl, hash };
}

describe('chunked upload (part 2 §7)', () => {
  beforeEach(() => localStorage.clear());

  it('sends 1 MB chunks with Content-Range, reports real progress per chunk and counts a 409 as done', async () => {
    const { server, ranges, fetchImpl, hash } = setup();
    const progress: UploadProgress[] = [];
    // A chunk the server already has (a lost answer): it answers 409.
    const original = server.answer.bind(server);
    server.answer = (method, path, body) => {
      const route = original(method, path, body);
      if (path === '/api/uploads/init') server.uploads.values().next().value!.have.add(1);
      return route;
    };
    const result = await runChunkedUpload({
      file: clip(),
      purpose: 'video-post',
      hash,
      fetchImpl,
      onProgress: (p) => progress.push(p),
    });
    expect(result.mediaId).toBe('media-1');
    expect(server.log).toEqual(['init', 'chunk 0 201', 'chunk 1 409', 'chunk 2 201', 'finalize']);
    expect(ranges).toEqual([
      `bytes 0-${MB - 1}/${2.5 * MB}`,
      `bytes ${MB}-${2 * MB - 1}/${2.5 * MB}`,
      `bytes ${2 * MB}-${2.5 * MB - 1}/${2.5 * MB}`,
    ]);
    expect(progress.map((p) => `${p.uploadedChunks}/${p.totalChunks}`)).toEqual(['0/3', '1/3', '2/3', '3/3']);
    const initCall = fetchImpl.mock.calls.find(([url]) => url === '/api/uploads/init')!;
    expect(JSON.parse(initCall[1]!.body as string)).toMatchObject({
      filename: 'clip.mp4',
      fileSize: 2.5 * MB,
      fileType: 'video/mp4',
      totalChunks: 3,
      checksum: HEX,
      purpose: 'video-post',
    });
    expect(localStorage.getItem('dc.uploads')).toBe('{}');
  });

  it('pauses on abort and resumes after a reload from the chunks the server holds, without a new init', async () => {
    const { server, fetchImpl, hash } = setup();
    const controller = new AbortController();
    const paused = runChunkedUpload({
      file: clip(),
      purpose: 'post',
      hash,
      fetchImpl,
      signal: controller.signal,
      onProgress: (p) => p.uploadedChunks === 1 && controller.abort(),
    });
    await expect(paused).rejects.toMatchObject({ failure: 'cancelled', message: 'Upload cancelled' });
    expect(server.log).toEqual(['init', 'chunk 0 201']);

    // Same file picked again after a reload: a new File object with the same name, size and date.
    const progress: number[] = [];
    const result = await runChunkedUpload({
      file: clip(),
      purpose: 'post',
      hash,
      fetchImpl,
      onProgress: (p) => progress.push(p.uploadedChunks),
    });
    expect(result.mediaId).toBe('media-1');
    expect(server.log).toEqual(['init', 'chunk 0 201', 'progress', 'chunk 1 201', 'chunk 2 201', 'finalize']);
    expect(progress).toEqual([1, 2, 3]);
    expect(hash).toHaveBeenCalledTimes(1);
  });

  it('fails with the spec text when the server refuses a chunk, and a retry continues', async () => {
    const { server, fetchImpl, hash } = setup();
    server.failOnce.set(1, 500);
    const failed = runChunkedUpload({ file: clip(), purpose: 'post', hash, fetchImpl });
    await expect(failed).rejects.toEqual(new UploadError('Failed to upload chunk 2', 'chunk'));
    const result = await runChunkedUpload({ file: clip(), purpose: 'post', hash, fetchImpl });
    expect(result.mediaId).toBe('media-1');
    expect(server.log.filter((l) => l === 'init')).toHaveLength(1);
  });

  it("says 'Failed to initialize upload' with the server's reason when init is refused", async () => {
    const fetchImpl = jest.fn(async (url: string) =>
      url === '/api/auth/csrf'
        ? fakeResponse({ body: { csrfToken: 'tok' } })
        : fakeResponse({ status: 413, body: { message: 'Video file must be 100MB or smaller' } }),
    );
    const failure = runChunkedUpload({ file: clip(), purpose: 'video-post', hash: async () => HEX, fetchImpl });
    await expect(failure).rejects.toMatchObject({
      message: 'Failed to initialize upload',
      status: 413,
      serverMessage: 'Video file must be 100MB or smaller',
    });
  });
});
