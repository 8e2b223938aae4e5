import { type ErrorBody, errorBody } from '@platform/http/http-error';
import { knownError } from '@platform/http/known-error';

/** What a failed socket event answers: the body HTTP would answer, in the same `{ error, message, code }` shape. */
export function socketErrorBody(err: unknown): ErrorBody {
  return knownError(err)?.body ?? errorBody(500, 'Something went wrong', 'INTERNAL');
}
