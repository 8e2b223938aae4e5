import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import {
  type BlobStore,
  IMAGE_VARIANTS,
  MEDIA_JOB_OPTIONS,
  mediaDecider,
  type MediaEvent,
  type MediaPosterPreparedData,
  mediaStream,
  type MediaUploadedData,
  type MediaVariant,
  parseMediaProcessJob,
  variantKey,
} from '../../../backend/modules/media';
import { fold } from '../../../backend/src/platform/decider/decider';
import { handleCommand } from '../../../backend/src/platform/decider/handle-command';
import type { EventStore } from '../../../backend/src/platform/event-store/event-store.port';
import type { JobInfo, JobProcessor } from '../../../backend/src/platform/jobs/job-queue.port';
import type { Logger } from '../../../backend/src/platform/logging';
import { inspectAudio } from './audio/inspect-audio';
import { type PreparedImage, prepareImageVariants } from './image/image-variants';
import { MediaInputError } from './media-input.error';
import { type Ffmpeg } from './video/ffmpeg';
import { defaultTranscodeTimeout, encodeVideo, inspectVideo, makePoster } from './video/prepare-video';

export interface MediaProcessorDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  ffmpeg: Ffmpeg;
  logger: Logger;
  /** Transcode time limit by clip length (tests shorten it). */
  transcodeTimeoutMs?: (durationSeconds: number) => number;
  /** Tries the queue makes (MEDIA_JOB_OPTIONS); the last failing one records MediaFailed. */
  attempts?: number;
}

const ACTOR = 'system:media-worker';

interface Outcome {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  variants: MediaVariant[];
}

/**
 * media.process: prepares one uploaded item and records the outcome on its stream. Bad input is
 * recorded as MediaFailed at once; other errors are rethrown so the queue retries, and the last
 * try records MediaFailed too. Files are stored before the event, so a MediaProcessed always
 * names files that exist; a worker killed midway leaves no event, and the retry redoes the job.
 */
export function mediaProcessProcessor(deps: MediaProcessorDeps): JobProcessor<unknown> {
  const attempts = deps.attempts ?? MEDIA_JOB_OPTIONS.attempts;
  return async (data, job) => {
    const { mediaId } = parseMediaProcessJob(data);
    const history = await deps.eventStore.readStream(mediaStream(mediaId));
    const state = fold(
      mediaDecider,
      history.map((e) => ({ type: e.type, data: e.data }) as MediaEvent),
    );
    if (!state.uploaded) throw new Error(`media.process: no media ${mediaId}`);
    // A duplicate or retried job after the outcome is recorded: nothing left to do.
    const [uploaded] = history;
    if (state.status !== 'processing' || !uploaded) return;
    const meta = { actor: ACTOR, causationId: uploaded.id, correlationId: uploaded.metadata.correlationId };

    const workDir = await mkdtemp(join(tmpdir(), 'dc-media-'));
    try {
      const earlierPoster = history.find((e) => e.type === 'MediaPosterPrepared')?.data as
        | MediaPosterPreparedData
        | undefined;
      const recordPoster = (poster: MediaPosterPreparedData) =>
        handleCommand(deps.eventStore, mediaStream(mediaId), mediaDecider, { type: 'RecordPoster', poster }, meta).then(
          () => undefined,
        );
      const outcome = await prepare(deps, state.uploaded, workDir, earlierPoster ?? null, recordPoster);
      await handleCommand(
        deps.eventStore,
        mediaStream(mediaId),
        mediaDecider,
        { type: 'RecordProcessed', result: { mediaId, ...outcome, processedAt: new Date().toISOString() } },
        meta,
      );
      deps.logger.info(
        { jobId: job.id, mediaId, kind: state.uploaded.kind, variants: outcome.variants.length },
        'media processed',
      );
    } catch (err) {
      const bad = err instanceof MediaInputError;
      if (bad || isLastAttempt(job, attempts)) {
        const code = bad ? err.code : 'PROCESSING_FAILED';
        const message = bad ? err.message : 'Media processing failed';
        await handleCommand(
          deps.eventStore,
          mediaStream(mediaId),
          mediaDecider,
          { type: 'RecordFailure', failure: { mediaId, code, message, failedAt: new Date().toISOString() } },
          meta,
        );
        deps.logger.warn({ jobId: job.id, mediaId, code, err: bad ? undefined : err }, 'media failed');
      }
      if (!bad) throw err;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}

const isLastAttempt = (job: JobInfo, attempts: number) => job.attempt >= attempts;

async function prepare(
  deps: MediaProcessorDeps,
  media: MediaUploadedData,
  workDir: string,
  earlierPoster: MediaPosterPreparedData | null,
  recordPoster: (poster: MediaPosterPreparedData) => Promise<void>,
): Promise<Outcome> {
  switch (media.kind) {
    case 'image': {
      const original = await readBlob(deps.blobs, media.originalKey, join(workDir, `original.${media.ext}`));
      const image = await prepareImageVariants(await readFile(original), { quality: IMAGE_VARIANTS.quality });
      return {
        width: image.width,
        height: image.height,
        durationSeconds: null,
        variants: await storeImages(deps.blobs, media.mediaId, image.variants, 'image'),
      };
    }
    case 'video': {
      const original = await readBlob(deps.blobs, media.originalKey, join(workDir, `original.${media.ext}`));
      const inspected = await inspectVideo(deps.ffmpeg, original, { maxDurationSeconds: media.maxDurationSeconds });
      // The poster goes out first, so a post shows it while the clip is transcoded (a retry reuses it).
      let poster = earlierPoster?.variants;
      if (!poster) {
        poster = await storeImages(
          deps.blobs,
          media.mediaId,
          await makePoster(deps.ffmpeg, original, workDir, inspected.durationSeconds),
          'poster',
        );
        await recordPoster({
          mediaId: media.mediaId,
          width: inspected.width,
          height: inspected.height,
          durationSeconds: inspected.durationSeconds,
          variants: poster,
          preparedAt: new Date().toISOString(),
        });
      }
      const video = await encodeVideo(deps.ffmpeg, original, workDir, inspected, {
        timeoutMs: deps.transcodeTimeoutMs ?? defaultTranscodeTimeout,
      });
      // Stored only once complete (the store writes a temporary name, then renames): never half a file.
      const key = variantKey(media.mediaId, 'video.mp4');
      await deps.blobs.put(key, { file: video.file }, { contentType: 'video/mp4' });
      const bytes = (await stat(video.file)).size;
      const main: MediaVariant = {
        name: 'video.mp4',
        key,
        mime: 'video/mp4',
        role: 'video',
        width: video.width,
        height: video.height,
        bytes,
      };
      return {
        width: video.width,
        height: video.height,
        durationSeconds: video.durationSeconds,
        variants: [main, ...poster],
      };
    }
    case 'audio': {
      // Served as uploaded (browsers play webm/opus, mp4/aac, mp3, ogg, wav): checked and measured only.
      const original = await readBlob(deps.blobs, media.originalKey, join(workDir, `original.${media.ext}`));
      const audio = await inspectAudio(deps.ffmpeg, original);
      return { width: null, height: null, durationSeconds: audio.durationSeconds, variants: [] };
    }
    case 'document':
      // Served as stored (as an attachment); nothing to prepare.
      return { width: null, height: null, durationSeconds: null, variants: [] };
  }
}

async function storeImages(
  blobs: BlobStore,
  mediaId: string,
  images: PreparedImage[],
  role: 'image' | 'poster',
): Promise<MediaVariant[]> {
  return Promise.all(
    images.map(async (img) => {
      const key = variantKey(mediaId, img.name);
      await blobs.put(key, img.buffer, { contentType: img.mime });
      return {
        name: img.name,
        key,
        mime: img.mime,
        role,
        width: img.width,
        height: img.height,
        bytes: img.buffer.length,
      };
    }),
  );
}

async function readBlob(blobs: BlobStore, key: string, destination: string): Promise<string> {
  const stream = await blobs.get(key);
  if (!stream) throw new Error(`Original missing from blob storage: ${key}`);
  await pipeline(stream, createWriteStream(destination));
  return destination;
}
