import { Injectable } from '@nestjs/common';
import { withoutControlChars } from '@platform/text';

import { DomainError } from '../../src/platform/decider/decider';
import type { CommandMetadata } from '../../src/platform/decider/handle-command';
import { checkMediaPolicy, classifyMedia, MediaIngestService, MediaRejectedError } from '../media';
import type { MediaRef } from './events';
import type { AttachedFile } from './http/read-form';
import { MESSAGES, POST_LIMITS } from './limits';

/**
 * Files attached to a post or comment (spec part 1 §5): every file and the counts are checked
 * before the first one is stored, so a refused form leaves nothing behind; then each goes through
 * the media module (stored, MediaUploaded, processing queued).
 */
@Injectable()
export class Attachments {
  constructor(private readonly ingest: MediaIngestService) {}

  /** Throws 400 for too many images or videos, 413/415 (MediaRejectedError) for a refused file. */
  async check(files: AttachedFile[]): Promise<void> {
    // The same kind ingest will record (a voice note in a WebM/MP4 is audio, not the post's video).
    const kinds: string[] = [];
    for (const f of files) {
      const type = await classifyMedia(f.buffer);
      const rejection = checkMediaPolicy(type, f.buffer.length, 'post', label(f.filename));
      if (rejection) throw new MediaRejectedError(rejection);
      kinds.push(type!.kind);
    }
    if (kinds.filter((k) => k === 'image').length > POST_LIMITS.maxImages)
      throw new DomainError('TOO_MANY_IMAGES', MESSAGES.tooManyImages, 400);
    if (kinds.filter((k) => k === 'video').length > POST_LIMITS.maxVideos)
      throw new DomainError('TOO_MANY_VIDEOS', MESSAGES.tooManyVideos, 400);
  }

  /** Stores the (already checked) files in order; returns what the event keeps of each. */
  async store(ownerId: string, files: AttachedFile[], meta: CommandMetadata): Promise<MediaRef[]> {
    const refs: MediaRef[] = [];
    for (const f of files) {
      const media = await this.ingest.ingest(
        { ownerId, source: { buffer: f.buffer }, purpose: 'post', filename: f.filename },
        meta,
      );
      refs.push({ id: media.id, kind: media.kind });
    }
    return refs;
  }
}

const label = (filename: string) => withoutControlChars(filename).trim().slice(0, 120) || 'File';
