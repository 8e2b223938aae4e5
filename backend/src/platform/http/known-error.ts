import { DomainError } from '@platform/decider/decider';
import { WrongExpectedVersionError } from '@platform/event-store/errors';
import { InvalidCursorError } from '@platform/read-store/core/errors';

import { ApiError } from './api-error';
import { type ErrorBody, errorBody } from './http-error';
import { unavailableError } from './unavailable';

export interface KnownError {
  status: number;
  body: ErrorBody;
  headers: Readonly<Record<string, string>>;
}

/**
 * The failures that mean something to the client, answered the same over HTTP and over a socket;
 * null for anything else (a bug: logged, and answered without details).
 */
export function knownError(err: unknown): KnownError | null {
  // Its body and headers go out untouched (validation fields, Retry-After).
  if (err instanceof ApiError) return { status: err.getStatus(), body: err.body, headers: err.headers };
  // Cursors come back from clients: a mangled one is their mistake, not ours.
  if (err instanceof InvalidCursorError) return known(400, 'Invalid cursor', 'INVALID_CURSOR');
  if (err instanceof DomainError) return known(err.status, err.message, err.code);
  // Still conflicting after the handler's retries: the client may simply try again.
  if (err instanceof WrongExpectedVersionError)
    return known(409, 'Someone else changed this at the same time. Please try again.', 'CONFLICT');
  // A read model not built yet, or a store that does not answer: 503, try again shortly.
  return unavailableError(err);
}

const known = (status: number, message: string, code: string): KnownError => ({
  status,
  body: errorBody(status, message, code),
  headers: {},
});
