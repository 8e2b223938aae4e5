import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_VARIANTS } from '../../../../backend/modules/media';
import { prepareImageVariants, PreparedImage } from '../image/image-variants';
import { MediaInputError } from '../media-input.error';
import { Ffmpeg, isWebSafe } from './ffmpeg';
import { ProcessTimeoutError } from './run-process';

export interface PreparedVideo {
  /** The playable MP4 on local disk. */
  file: string;
  width: number;
  height: number;
  durationSeconds: number;
  transcoded: boolean;
  poster: PreparedImage[];
}

export interface VideoLimits {
  maxDurationSeconds: number | null;
  /** Time limit of the transcode for a clip of this length. */
  timeoutMs: (durationSeconds: number) => number;
}

/** Generous for this machine (about 2x realtime for 1080p), yet bounded: 2 min + 4 s per second. */
export const defaultTranscodeTimeout = (durationSeconds: number) => 120_000 + Math.ceil(durationSeconds) * 4000;

/**
 * Probe, check, transcode (or rewrap when already web-safe) and make a poster through the image
 * pipeline. Bad input fails with MediaInputError; a timeout is an ordinary error (retried).
 */
export async function prepareVideo(ffmpeg: Ffmpeg, input: string, workDir: string, limits: VideoLimits): Promise<PreparedVideo> {
  let probe;
  try {
    probe = await ffmpeg.probe(input);
  } catch (err) {
    if (err instanceof ProcessTimeoutError) throw err;
    throw new MediaInputError('CORRUPT_VIDEO', 'Failed to load video metadata');
  }
  if (!probe.video || !probe.video.width) throw new MediaInputError('NO_VIDEO_STREAM', 'The file has no video picture (audio only)');
  if (limits.maxDurationSeconds !== null && probe.durationSeconds > limits.maxDurationSeconds) {
    throw new MediaInputError('VIDEO_TOO_LONG', `Video must be ${limits.maxDurationSeconds} seconds or shorter`);
  }
  const output = join(workDir, 'video.mp4');
  const timeout = limits.timeoutMs(probe.durationSeconds);
  const transcoded = !isWebSafe(probe);
  try {
    if (transcoded) await ffmpeg.transcode(input, output, timeout);
    else await ffmpeg.remux(input, output, timeout);
  } catch (err) {
    if (err instanceof ProcessTimeoutError) throw err;
    throw new MediaInputError('CORRUPT_VIDEO', 'The video could not be converted');
  }
  const result = await ffmpeg.probe(output);
  const posterFile = join(workDir, 'poster.jpg');
  await ffmpeg.frame(output, Math.min(1, result.durationSeconds / 2), posterFile);
  const poster = await prepareImageVariants(await readFile(posterFile), { quality: IMAGE_VARIANTS.posterQuality, prefix: 'poster-' });
  return {
    file: output,
    width: result.video?.width ?? 0,
    height: result.video?.height ?? 0,
    durationSeconds: Math.round(result.durationSeconds * 1000) / 1000,
    transcoded,
    poster: poster.variants,
  };
}
