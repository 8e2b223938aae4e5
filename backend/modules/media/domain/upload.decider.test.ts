import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { uploadDecider } from './upload.decider';

type UploadStartedData = Extract<Parameters<typeof uploadDecider.decide>[1], { type: 'Start' }>['upload'];

const started: UploadStartedData = {
  uploadId: 'u1',
  ownerId: 'o1',
  filename: 'a.jpg',
  fileSize: 10,
  fileType: 'image/jpeg',
  totalChunks: 1,
  chunkSize: 1048576,
  checksum: 'a'.repeat(64),
  metadata: {},
  purpose: 'post',
  startedAt: '2026-01-01T00:00:00.000Z',
};
const spec = DeciderSpec.for(uploadDecider);
const open = spec.given([{ type: 'UploadStarted', data: started }]);

describe('upload decider', () => {
  it('completes once; the same completion again decides nothing', () => {
    const { events } = open
      .when({ type: 'Complete', mediaId: 'm1', now: 'now' })
      .then([{ type: 'UploadCompleted', data: { uploadId: 'u1', mediaId: 'm1', completedAt: 'now' } }]);
    const done = open.given(events);
    done.when({ type: 'Complete', mediaId: 'm1', now: 'later' }).thenNothingHappened();
    done.when({ type: 'Reject', code: 'X', reason: 'x', now: 'n' }).thenThrows();
  });

  it('expires only after the time to live', () => {
    const ttlMs = 24 * 3600_000;
    open
      .when({ type: 'Expire', now: '2026-01-01T23:59:00.000Z', ttlMs })
      .thenThrows({ message: 'Upload is still active' });
    open
      .when({ type: 'Expire', now: '2026-01-02T00:00:00.000Z', ttlMs })
      .then((events) => expect(events).toHaveLength(1));
  });

  it('refuses commands on unknown uploads', () => {
    spec.when({ type: 'Complete', mediaId: 'm', now: 'n' }).thenThrows({ message: 'Upload not found' });
  });
});
