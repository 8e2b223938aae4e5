import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { CommandMetadata } from '@platform/decider/handle-command';
import { newId } from '@platform/ids';
import type { JobQueue } from '@platform/jobs/job-queue.port';
import { withoutControlChars } from '@platform/text';
import { APP_CONFIG, JOB_QUEUE } from '@platform/tokens';

import { mediaDecider } from './domain/media.decider';
import { originalKey } from './domain/media-keys';
import type { MediaKind, MediaPurpose } from './domain/media-types';
import { sniffMedia } from './domain/sniff-media';
import { mediaStream } from './events';
import { classifyMedia } from './ingest/classify-media';
import { headOf, IngestSource, sha256Of, sizeOf } from './ingest/file-facts';
import { checkMediaPolicy, checkMediaTools, declaredKind } from './ingest/media-policy';
import { MediaRejectedError } from './ingest/media-rejected.error';
import { mp4Facts } from './ingest/mp4-facts';
import { checkVideoPostFacts } from './ingest/video-post-check';
import { MEDIA_LIMITS } from './limits';
import { MEDIA_JOB_OPTIONS, MEDIA_PROCESS_JOB, mediaJobId, type MediaProcessJob } from './media-jobs';
import type { BlobStore } from './storage/blob-store.port';
import { BLOB_STORE } from './tokens';

export interface IngestRequest {
  ownerId: string;
  source: IngestSource;
  /** Default 'post'. */
  purpose?: MediaPurpose;
  /** The client's file name: for error messages, and kept (cleaned, base name only) as a document's download name. */
  filename?: string;
  /** The MIME type the client declared (an upload's fileType): the bytes must be of its kind. */
  declaredType?: string;
  /** When the caller already hashed the bytes (an assembled upload). */
  sha256?: string;
  /**
   * Member ids who alone may see the media (e.g. a direct message's two participants): its files are
   * then served only to their signed-in sessions (`Cache-Control: private`), 404 as for an unknown id
   * to anyone else, and views leave it out for others. Omitted: anyone may see it. Given, even empty,
   * it restricts (an empty audience: nobody). The uploader is not added implicitly.
   */
  audience?: string[];
}

/** What a caller keeps (e.g. on a post): the id, and what it is. Variants follow via the read model. */
export interface IngestedMedia {
  id: string;
  kind: MediaKind;
  mime: string;
  bytes: number;
  status: 'processing';
  url: string;
}

/**
 * The one door for files into the app (posts, comments, messages, profile pictures, chunked
 * uploads): decides the type from the bytes (classifyMedia: a voice note recorded into a video
 * container is audio), applies the spec's limits, stores the original under a server-made name,
 * records MediaUploaded and queues the processing job.
 */
@Injectable()
export class MediaIngestService {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly commands: CommandExecutor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Throws MediaRejectedError (413/415/422) for a file the rules refuse, 503 for video or audio on a
   * server without working ffmpeg/ffprobe (never queued to fail in the worker); nothing is stored then.
   */
  async ingest(request: IngestRequest, meta: CommandMetadata): Promise<IngestedMedia> {
    const purpose = request.purpose ?? 'post';
    const name = displayName(request.filename);
    const label = name ?? 'File';
    const bytes = await sizeOf(request.source);
    // A video post's clip keeps its sniffed container type, so an audio-only MP4 gets the
    // composer's own "audio-only" text below rather than "Only MP4 format is supported".
    const type =
      purpose === 'video-post' ? sniffMedia(await headOf(request.source)) : await classifyMedia(request.source);
    const rejection = checkMediaPolicy(type, bytes, purpose, label, declaredKind(label, request.declaredType));
    if (rejection) throw new MediaRejectedError(rejection);
    const noTools = checkMediaTools(type?.kind, this.config.ffmpeg.tools);
    if (noTools) throw new MediaRejectedError(noTools);
    // A video post's clip is refused here, before storage, when its boxes say too long or no picture.
    if (purpose === 'video-post') {
      const videoRejection = checkVideoPostFacts(await mp4Facts(request.source));
      if (videoRejection) throw new MediaRejectedError(videoRejection);
    }

    // Once each; anything but an id grants nothing (a malformed list fails closed, never open).
    const audience =
      request.audience && [...new Set(request.audience)].filter((id) => typeof id === 'string' && id !== '');
    const mediaId = newId();
    const key = originalKey(mediaId, type!.ext);
    const sha256 = request.sha256 ?? (await sha256Of(request.source));
    await this.blobs.put(key, 'buffer' in request.source ? request.source.buffer : { file: request.source.path }, {
      contentType: type!.mime,
    });
    await this.commands.execute(
      mediaStream(mediaId),
      mediaDecider,
      {
        type: 'RecordUpload',
        upload: {
          mediaId,
          ownerId: request.ownerId,
          kind: type!.kind,
          mime: type!.mime,
          ext: type!.ext,
          bytes,
          sha256,
          originalKey: key,
          purpose,
          maxDurationSeconds: purpose === 'video-post' ? MEDIA_LIMITS.videoPostSeconds : null,
          uploadedAt: new Date().toISOString(),
          name,
          // Absent for public media: their event is the same as before audiences existed.
          ...(audience ? { audience } : {}),
        },
      },
      { ...meta, actor: meta.actor ?? request.ownerId },
      { waitFor: ['media'], newStream: true },
    );
    // After the event: a worker that picks the job up always finds the media it names.
    await this.jobs.enqueue<MediaProcessJob>(
      MEDIA_PROCESS_JOB,
      { mediaId },
      { ...MEDIA_JOB_OPTIONS, jobId: mediaJobId(mediaId) },
    );
    return { id: mediaId, kind: type!.kind, mime: type!.mime, bytes, status: 'processing', url: `/media/${mediaId}` };
  }
}

/** A short, printable form of the client's name (messages, a document's download name); never a path. */
function displayName(filename: string | undefined): string | null {
  const base = (filename ?? '').split(/[\\/]/).pop()!;
  const clean = withoutControlChars(base).trim().slice(0, 120);
  return clean || null;
}
