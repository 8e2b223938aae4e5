import { type UploadAction, type UploadItem, uploadItemsReducer } from './uploadItem';

const file = new File(['abc'], 'a.mp4', { type: 'video/mp4' });
const meta = { width: 640, height: 360, duration: 3, size: 3 };

function run(...actions: UploadAction[]): UploadItem {
  const items = actions.reduce(uploadItemsReducer, [] as UploadItem[]);
  return items[0]!;
}

const added: UploadAction = { type: 'added', id: 'u', file, kind: 'video' };

describe('upload item state machine (part 2 §3, §4)', () => {
  it('goes pending → processing → pending (processed) → uploading → completed with real progress', () => {
    expect(run(added).status).toBe('pending');
    expect(run(added, { type: 'processingStarted', id: 'u' }).status).toBe('processing');
    const ready = run(
      added,
      { type: 'processingStarted', id: 'u' },
      { type: 'processed', id: 'u', file, metadata: meta },
    );
    expect([ready.status, ready.processed, ready.metadata]).toEqual(['pending', true, meta]);
    const uploading = run(
      added,
      { type: 'processingStarted', id: 'u' },
      { type: 'processed', id: 'u', file, metadata: meta },
      { type: 'uploadStarted', id: 'u' },
      { type: 'progressed', id: 'u', uploadId: 'x', uploadedChunks: 1, totalChunks: 3 },
    );
    expect([uploading.status, uploading.progress, uploading.uploadId]).toEqual(['uploading', 33, 'x']);
    const done = uploadItemsReducer([uploading], { type: 'completed', id: 'u', mediaId: 'm' })[0]!;
    expect([done.status, done.progress, done.mediaId]).toEqual(['completed', 100, 'm']);
  });

  it('pauses and resumes; fails and retries; late answers after a pause change nothing', () => {
    const started = [added, { type: 'uploadStarted', id: 'u' }] as UploadAction[];
    const paused = run(...started, { type: 'paused', id: 'u' });
    expect(paused.status).toBe('paused');
    expect(
      run(
        ...started,
        { type: 'paused', id: 'u' },
        { type: 'progressed', id: 'u', uploadId: 'x', uploadedChunks: 2, totalChunks: 3 },
      ).progress,
    ).toBe(0);
    expect(run(...started, { type: 'paused', id: 'u' }, { type: 'completed', id: 'u', mediaId: 'm' }).status).toBe(
      'paused',
    );
    expect(run(...started, { type: 'paused', id: 'u' }, { type: 'uploadStarted', id: 'u' }).status).toBe('uploading');
    const failed = run(...started, { type: 'failed', id: 'u', error: 'Failed to upload chunk 2' });
    expect([failed.status, failed.error]).toEqual(['failed', 'Failed to upload chunk 2']);
    const retried = uploadItemsReducer([failed], { type: 'uploadStarted', id: 'u' })[0]!;
    expect([retried.status, retried.error]).toEqual(['uploading', null]);
  });

  it('refuses transitions the spec does not have, and removes at any time', () => {
    expect(run(added, { type: 'completed', id: 'u', mediaId: 'm' }).status).toBe('pending');
    expect(run(added, { type: 'paused', id: 'u' }).status).toBe('pending');
    expect(run(added, { type: 'processed', id: 'u', file, metadata: meta }).processed).toBe(false);
    const removed: UploadAction[] = [added, { type: 'uploadStarted', id: 'u' }, { type: 'removed', id: 'u' }];
    expect(removed.reduce(uploadItemsReducer, [] as UploadItem[])).toEqual([]);
  });
});
