import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type {
  MediaEvent,
  MediaFailedData,
  MediaPosterPreparedData,
  MediaProcessedData,
  MediaUploadedData,
} from '../events';

export interface MediaState {
  uploaded: MediaUploadedData | null;
  status: 'none' | 'processing' | 'ready' | 'failed';
  /** A video's early poster is recorded (a retried job does not record it twice). */
  posterReady: boolean;
}

export type MediaCommand =
  | { type: 'RecordUpload'; upload: MediaUploadedData }
  | { type: 'RecordPoster'; poster: MediaPosterPreparedData }
  | { type: 'RecordProcessed'; result: MediaProcessedData }
  | { type: 'RecordFailure'; failure: MediaFailedData };

/**
 * A media item's life: uploaded, then processed or failed exactly once. A retried job that finishes
 * twice decides nothing the second time, so the log never holds two outcomes.
 */
export const mediaDecider: Decider<MediaState, MediaCommand, MediaEvent> = {
  initialState: () => ({ uploaded: null, status: 'none', posterReady: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'MediaUploaded':
        return { uploaded: event.data, status: 'processing', posterReady: false };
      case 'MediaPosterPrepared':
        return { ...state, posterReady: true };
      case 'MediaProcessed':
        return { ...state, status: 'ready' };
      case 'MediaFailed':
        return { ...state, status: 'failed' };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'RecordUpload':
        if (state.status !== 'none') throw new DomainError('MEDIA_EXISTS', 'Media already exists', 409);
        return [{ type: 'MediaUploaded', data: command.upload }];
      case 'RecordPoster':
        if (state.status === 'none') throw new DomainError('MEDIA_NOT_FOUND', 'Media not found', 404);
        return state.status === 'processing' && !state.posterReady
          ? [{ type: 'MediaPosterPrepared', data: command.poster }]
          : [];
      case 'RecordProcessed':
        if (state.status === 'none') throw new DomainError('MEDIA_NOT_FOUND', 'Media not found', 404);
        return state.status === 'processing' ? [{ type: 'MediaProcessed', data: command.result }] : [];
      case 'RecordFailure':
        if (state.status === 'none') throw new DomainError('MEDIA_NOT_FOUND', 'Media not found', 404);
        return state.status === 'processing' ? [{ type: 'MediaFailed', data: command.failure }] : [];
    }
  },
};
