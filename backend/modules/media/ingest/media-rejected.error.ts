import { ApiError, type ErrorBody, errorBody } from '@platform/http';

import type { MediaRejection } from './media-policy';

/** A file the media rules refuse (type or size): answers 413 or 415 wherever it is thrown. */
export class MediaRejectedError extends ApiError<ErrorBody> {
  constructor(readonly rejection: MediaRejection) {
    super(rejection.status, errorBody(rejection.status, rejection.message, rejection.code));
  }
}
