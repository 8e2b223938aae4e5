import { DomainError } from '../../../src/platform/decider/decider';
import { mediaDecider } from './media.decider';
import { uploadDecider, UploadState } from './upload.decider';
import type { UploadStartedData } from '../events';

const started: UploadStartedData = {
  uploadId: 'u1', ownerId: 'o1', filename: 'a.jpg', fileSize: 10, fileType: 'image/jpeg', totalChunks: 1, chunkSize: 1048576,
  checksum: 'a'.repeat(64), metadata: {}, purpose: 'post', startedAt: '2026-01-01T00:00:00.000Z',
};
const open = (): UploadState => uploadDecider.evolve(uploadDecider.initialState(), { type: 'UploadStarted', data: started });

describe('upload decider', () => {
  it('completes once; the same completion again decides nothing', () => {
    const events = uploadDecider.decide(open(), { type: 'Complete', mediaId: 'm1', now: 'now' });
    expect(events).toEqual([{ type: 'UploadCompleted', data: { uploadId: 'u1', mediaId: 'm1', completedAt: 'now' } }]);
    const done = uploadDecider.evolve(open(), events[0]);
    expect(uploadDecider.decide(done, { type: 'Complete', mediaId: 'm1', now: 'later' })).toEqual([]);
    expect(() => uploadDecider.decide(done, { type: 'Reject', code: 'X', reason: 'x', now: 'n' })).toThrow(DomainError);
  });

  it('expires only after the time to live', () => {
    const ttlMs = 24 * 3600_000;
    expect(() => uploadDecider.decide(open(), { type: 'Expire', now: '2026-01-01T23:59:00.000Z', ttlMs })).toThrow('Upload is still active');
    expect(uploadDecider.decide(open(), { type: 'Expire', now: '2026-01-02T00:00:00.000Z', ttlMs })).toHaveLength(1);
  });

  it('refuses commands on unknown uploads', () => {
    expect(() => uploadDecider.decide(uploadDecider.initialState(), { type: 'Complete', mediaId: 'm', now: 'n' })).toThrow('Upload not found');
  });
});

describe('media decider', () => {
  it('records one outcome only', () => {
    const upload = { mediaId: 'm1', ownerId: 'o', kind: 'image', mime: 'image/png', ext: 'png', bytes: 1, sha256: 's', originalKey: 'k', purpose: 'post', maxDurationSeconds: null, uploadedAt: 't' } as const;
    let s = mediaDecider.initialState();
    for (const e of mediaDecider.decide(s, { type: 'RecordUpload', upload })) s = mediaDecider.evolve(s, e);
    const processed = mediaDecider.decide(s, { type: 'RecordProcessed', result: { mediaId: 'm1', width: 1, height: 1, durationSeconds: null, variants: [], processedAt: 't' } });
    expect(processed).toHaveLength(1);
    s = mediaDecider.evolve(s, processed[0]);
    expect(mediaDecider.decide(s, { type: 'RecordFailure', failure: { mediaId: 'm1', code: 'X', message: 'x', failedAt: 't' } })).toEqual([]);
    expect(() => mediaDecider.decide(s, { type: 'RecordUpload', upload })).toThrow('Media already exists');
  });
});
