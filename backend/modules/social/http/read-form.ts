import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../src/http/api-error';
import { errorBody } from '../../../src/http/http-error';
import { MESSAGES } from '../domain/limits';

/**
 * The fields of a JSON or multipart body. Files cannot be stored until the media module exists
 * (issue 6): they are drained, not buffered, and the request is answered 415 rather than silently
 * dropping what the member attached.
 */
export async function readForm(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const fields: Record<string, string> = {};
  let files = 0;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      files++;
      part.file.resume();
      await new Promise((done) => part.file.once('end', done));
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (files > 0) throw new ApiError(415, errorBody(415, MESSAGES.mediaNotYet, 'MEDIA_NOT_SUPPORTED'));
  return fields;
}
