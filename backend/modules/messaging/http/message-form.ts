// Brings the plugin's request.parts() and isMultipart() types (the request pipeline registers it).
import type {} from '@fastify/multipart';
import { parseBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { DomainError } from '../../../src/platform/decider/decider';
import { checkMediaPolicy, classifyMedia, MediaRejectedError } from '../../media';
import { MESSAGE_TYPES, type MessageType } from '../events';
import { sendMediaMessageSchema, sendMessageSchema, sendUploadedMediaMessageSchema } from './schemas';

export type SendMessageBody = z.output<typeof sendMessageSchema> & { file?: MessageFile; mediaId?: string };

/** The one file of an image, video or audio message, held until the media module takes it. */
export interface MessageFile {
  filename: string;
  buffer: Buffer;
}

/** Field names a client may use for the file of a media message. */
const FILE_FIELDS = new Set(['media', 'file']);

/**
 * POST /api/messages as JSON or as form data (the spec allows both). Form data may carry one file
 * (field `media` or `file`); without a messageType its kind, sniffed from the bytes, decides it.
 * JSON may name a file uploaded before in chunks (`mediaId`, the web app's media uploader).
 */
export async function readMessageBody(request: FastifyRequest): Promise<SendMessageBody> {
  if (!request.isMultipart()) {
    const body = request.body as Record<string, unknown> | null | undefined;
    const uploaded = typeof body === 'object' && body !== null && body.mediaId != null && body.mediaId !== '';
    return uploaded ? parseBody(sendUploadedMediaMessageSchema, body) : parseBody(sendMessageSchema, body);
  }
  const fields: Record<string, string> = {};
  let file: MessageFile | undefined;
  for await (const part of request.parts({ limits: { files: 1, fields: 10, fieldSize: 32 * 1024, parts: 12 } })) {
    if (part.type === 'file') {
      if (FILE_FIELDS.has(part.fieldname) && !file) file = { filename: part.filename, buffer: await part.toBuffer() };
      else part.file.resume();
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (!file) return parseBody(sendMessageSchema, fields);
  if (!fields.messageType) fields.messageType = await inferredType(file);
  return { ...parseBody(sendMediaMessageSchema, fields), file };
}

async function inferredType(file: MessageFile): Promise<MessageType> {
  // The same reading of the bytes as the media module's (an audio-only WebM is a voice note).
  const type = await classifyMedia(file.buffer);
  const rejection = checkMediaPolicy(type, file.buffer.length, 'post', file.filename || 'File');
  if (rejection) throw new MediaRejectedError(rejection);
  if ((MESSAGE_TYPES as readonly string[]).includes(type!.kind)) return type!.kind as MessageType;
  throw new DomainError('UNSUPPORTED_MEDIA', 'Messages can carry an image, a video or an audio file', 422);
}
