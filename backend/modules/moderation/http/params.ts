import { DomainError } from '@platform/decider';

import { REPORT_TARGET_TYPES, type ReportTargetType } from '../events';
import { MODERATION_MESSAGES as M } from '../limits';

/** Ids in paths are the app's ids (uuid v7) or, for streams, `<prefix>-<id…>`: anything else is a 404. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;
const STREAM_ID = /^[a-z]+-[A-Za-z0-9_.@-]{1,200}$/;

export function idParam(id: string, notFound: { code: string; message: string }): string {
  if (!ID.test(id)) throw new DomainError(notFound.code, notFound.message, 404);
  return id;
}

export function streamIdParam(streamId: string): string {
  if (!STREAM_ID.test(streamId)) throw new DomainError('STREAM_NOT_FOUND', M.streamNotFound, 404);
  return streamId;
}

export function targetTypeParam(value: string): ReportTargetType {
  if (!(REPORT_TARGET_TYPES as readonly string[]).includes(value))
    throw new DomainError('VALIDATION_FAILED', M.badTargetType, 400);
  return value as ReportTargetType;
}

/** A query-string value given once, as text (a repeated key is not a string). */
export function oneQueryValue(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
