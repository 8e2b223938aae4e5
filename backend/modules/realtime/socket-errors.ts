import { DomainError } from '../../src/platform/decider/decider';
import { errorBody, type ErrorBody } from '../../src/http/http-error';
import { ApiError } from '../../src/http/api-error';

/** What a failed socket event answers, in the same `{ error, message, code }` shape as HTTP. */
export function socketErrorBody(err: unknown): ErrorBody {
  if (err instanceof DomainError) return errorBody(err.status, err.message, err.code);
  // Validation failures (with their fields) and rate limits are ApiErrors, as over HTTP.
  if (err instanceof ApiError) return err.body;
  return errorBody(500, 'Something went wrong', 'INTERNAL');
}
