import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import { MEDIA_LIMITS } from '@modules/media';
import { DomainError } from '@platform/decider/decider';
import { ApiError, errorBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import { MESSAGES, VIDEO_POST_MESSAGES } from '../limits';

/** The video composer's form: its text fields and the clip, spooled to a temporary file. */
export interface VideoForm {
  fields: Record<string, string>;
  video: { path: string; filename: string } | null;
  /** Removes the temporary file (always call, in a finally). */
  dispose(): Promise<void>;
}

const tooLarge = () => new ApiError(413, errorBody(413, VIDEO_POST_MESSAGES.tooLarge, 'FILE_TOO_LARGE'));

/**
 * Reads the multipart form of POST /api/posts/video. The clip goes to disk, not memory (up to
 * 100 MB each); more than 100 MB is cut off at the limit and answered 413 with the composer's text.
 */
export async function readVideoForm(request: FastifyRequest): Promise<VideoForm> {
  if (!request.isMultipart()) throw new DomainError('VIDEO_REQUIRED', VIDEO_POST_MESSAGES.videoRequired, 400);
  const dir = await mkdtemp(join(tmpdir(), 'dc-video-post-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let video: VideoForm['video'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MEDIA_LIMITS.videoPostBytes, files: 3 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'media' || video) {
        part.file.resume();
        await new Promise((done) => part.file.once('end', done));
        if (part.fieldname === 'media') throw new DomainError('TOO_MANY_VIDEOS', MESSAGES.tooManyVideos, 400);
        continue;
      }
      const path = join(dir, 'upload');
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw tooLarge();
      video = { path, filename: part.filename };
    }
    return { fields, video, dispose };
  } catch (err) {
    await dispose();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
}
