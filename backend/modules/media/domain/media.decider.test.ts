import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { mediaDecider } from './media.decider';

type Command = Parameters<typeof mediaDecider.decide>[1];
type Upload = Extract<Command, { type: 'RecordUpload' }>['upload'];
type Poster = Extract<Command, { type: 'RecordPoster' }>['poster'];
type Processed = Extract<Command, { type: 'RecordProcessed' }>['result'];
type Failure = Extract<Command, { type: 'RecordFailure' }>['failure'];

const upload: Upload = {
  mediaId: 'm1',
  ownerId: 'o',
  kind: 'image',
  mime: 'image/png',
  ext: 'png',
  bytes: 1,
  sha256: 's',
  originalKey: 'k',
  purpose: 'post',
  maxDurationSeconds: null,
  uploadedAt: 't',
};
const video: Upload = { ...upload, kind: 'video', mime: 'video/mp4', ext: 'mp4', maxDurationSeconds: 90 };
const poster: Poster = { mediaId: 'm1', width: 320, height: 180, durationSeconds: 2, variants: [], preparedAt: 't' };
const result: Processed = { mediaId: 'm1', width: 1, height: 1, durationSeconds: null, variants: [], processedAt: 't' };
const failure: Failure = { mediaId: 'm1', code: 'X', message: 'x', failedAt: 't' };

const spec = DeciderSpec.for(mediaDecider);
const uploaded = spec.given([{ type: 'MediaUploaded', data: upload }]);
const processed = uploaded.given([{ type: 'MediaProcessed', data: result }]);
const failed = uploaded.given([{ type: 'MediaFailed', data: failure }]);

describe('media decider', () => {
  it('records one outcome only', () => {
    const recorded = spec.when({ type: 'RecordUpload', upload }).decide();
    const { events } = spec
      .given(recorded.events)
      .when({ type: 'RecordProcessed', result })
      .then((events) => expect(events).toHaveLength(1));
    const afterOutcome = spec.given([...recorded.events, ...events]);
    afterOutcome.when({ type: 'RecordFailure', failure }).thenNothingHappened();
    afterOutcome.when({ type: 'RecordUpload', upload }).thenThrows({ message: 'Media already exists' });
  });

  describe('RecordUpload', () => {
    it('records a new upload, which is then processing', () => {
      spec.when({ type: 'RecordUpload', upload }).then([{ type: 'MediaUploaded', data: upload }]);
      expect(uploaded.state()).toEqual({ uploaded: upload, status: 'processing', posterReady: false });
    });

    it.each([
      ['processing', uploaded],
      ['ready', processed],
      ['failed', failed],
    ])('refuses an upload already recorded (%s) with a 409', (_, given) => {
      given
        .when({ type: 'RecordUpload', upload })
        .thenThrows({ code: 'MEDIA_EXISTS', message: 'Media already exists', status: 409 });
    });
  });

  describe('RecordPoster', () => {
    const withVideo = spec.given([{ type: 'MediaUploaded', data: video }]);

    it("records a processing video's poster once", () => {
      const { events, state } = withVideo
        .when({ type: 'RecordPoster', poster })
        .then([{ type: 'MediaPosterPrepared', data: poster }]);
      expect(state).toMatchObject({ status: 'processing', posterReady: true });
      withVideo.given(events).when({ type: 'RecordPoster', poster }).thenNothingHappened();
    });

    it('decides nothing once the outcome is recorded', () => {
      processed.when({ type: 'RecordPoster', poster }).thenNothingHappened();
      failed.when({ type: 'RecordPoster', poster }).thenNothingHappened();
    });

    it('refuses unknown media with a 404', () => {
      spec
        .when({ type: 'RecordPoster', poster })
        .thenThrows({ code: 'MEDIA_NOT_FOUND', message: 'Media not found', status: 404 });
    });
  });

  describe('RecordProcessed', () => {
    it('records the processed files of processing media; it is then ready', () => {
      uploaded.when({ type: 'RecordProcessed', result }).then([{ type: 'MediaProcessed', data: result }]);
      expect(processed.state().status).toBe('ready');
    });

    it('decides nothing for a retried job once an outcome is recorded', () => {
      processed.when({ type: 'RecordProcessed', result }).thenNothingHappened();
      failed.when({ type: 'RecordProcessed', result }).thenNothingHappened();
    });

    it('refuses unknown media with a 404', () => {
      spec.when({ type: 'RecordProcessed', result }).thenThrows({ code: 'MEDIA_NOT_FOUND', status: 404 });
    });
  });

  describe('RecordFailure', () => {
    it('records the failure of processing media; it is then failed', () => {
      uploaded.when({ type: 'RecordFailure', failure }).then([{ type: 'MediaFailed', data: failure }]);
      expect(failed.state().status).toBe('failed');
    });

    it('decides nothing once an outcome is recorded', () => {
      failed.when({ type: 'RecordFailure', failure }).thenNothingHappened();
      processed.when({ type: 'RecordFailure', failure }).thenNothingHappened();
    });

    it('refuses unknown media with a 404', () => {
      spec.when({ type: 'RecordFailure', failure }).thenThrows({ code: 'MEDIA_NOT_FOUND', status: 404 });
    });
  });
});
