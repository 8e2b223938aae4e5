import type { FastifyRequest } from 'fastify';

/** A file attached to a post or comment form, held in memory until the media module takes it. */
export interface AttachedFile {
  filename: string;
  buffer: Buffer;
}

export interface SocialForm {
  fields: unknown;
  files: AttachedFile[];
}

/**
 * The fields and the `media` files of a JSON or multipart body. The multipart plugin bounds every
 * file (100 MB) and the number of files; the media rules (types, sizes, counts) are applied later,
 * before anything is stored. Files under another field name are drained and ignored.
 */
export async function readForm(request: FastifyRequest): Promise<SocialForm> {
  if (!request.isMultipart()) return { fields: request.body, files: [] };
  const fields: Record<string, string> = {};
  const files: AttachedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'media') {
        files.push({ filename: part.filename, buffer: await part.toBuffer() });
      } else {
        part.file.resume();
        await new Promise((done) => part.file.once('end', done));
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
