import type { FastifyRequest } from 'fastify';
// Brings the plugin's request.parts() and isMultipart() types (the request pipeline registers it).
import type {} from '@fastify/multipart';
import type { z } from 'zod';
import { parseBody } from '../../../src/http';
import { DomainError } from '../../../src/platform/decider/decider';
import { sendMessageSchema } from './schemas';

export type SendMessageBody = z.output<typeof sendMessageSchema>;

/**
 * POST /api/messages as JSON or as form data (the spec allows both). Until the media module offers
 * an ingest API, a file part is refused rather than silently dropped.
 */
export async function readMessageBody(request: FastifyRequest): Promise<SendMessageBody> {
  if (!request.isMultipart()) return parseBody(sendMessageSchema, request.body);
  const fields: Record<string, string> = {};
  let file = false;
  for await (const part of request.parts({ limits: { files: 1, fields: 10, fieldSize: 32 * 1024, parts: 12 } })) {
    if (part.type === 'file') {
      file = true;
      part.file.resume();
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (file) throw new DomainError('MEDIA_MESSAGES_UNAVAILABLE', 'Only text messages can be sent for now', 422);
  return parseBody(sendMessageSchema, fields);
}
