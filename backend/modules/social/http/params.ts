import { DomainError } from '../../../src/platform/decider/decider';
import { MESSAGES } from '../limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A post id from the path: anything that is not an id names no post. */
export function postIdParam(id: string): string {
  if (!UUID.test(id)) throw new DomainError('POST_NOT_FOUND', MESSAGES.postNotFound, 404);
  return id.toLowerCase();
}

export function commentIdParam(id: string): string {
  if (!UUID.test(id)) throw new DomainError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound, 404);
  return id.toLowerCase();
}
