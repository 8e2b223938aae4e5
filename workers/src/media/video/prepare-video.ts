import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { IMAGE_VARIANTS } from '../../../../backend/modules/media';
import { type PreparedImage, prepareImageVariants } from '../image/image-variants';
import { MediaInputError } from '../media-input.error';
import { type Ffmpeg, isWebSafe, type VideoProbe } from './ffmpeg';
import { ProcessFailedError } from './run-process';

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

/** An accepted clip: its probe and its upright picture size. */
export interface InspectedVideo {
  probe: VideoProbe;
  width: number;
  height: number;
  durationSeconds: number;
}

/** Generous for this machine (about 2x realtime for 1080p), yet bounded: 2 min + 4 s per second. */
export const defaultTranscodeTimeout = (durationSeconds: number) => 120_000 + Math.ceil(durationSeconds) * 4000;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Whether ffmpeg/ffprobe refused the file itself (bad input: recorded as failed at once) rather
 * than the machine failing it (a timeout, a missing binary, a full disk: retried by the queue).
 */
export function refusedInput(err: unknown): boolean {
  if (err instanceof SyntaxError) return true; // ffprobe printed no JSON for it
  return (
    err instanceof ProcessFailedError &&
    !/No space left|Cannot allocate memory|Resource temporarily unavailable/i.test(err.stderrTail)
  );
}

/** Probe and check (part 2 §9 texts). Bad input fails with MediaInputError; anything else is retried. */
export async function inspectVideo(
  ffmpeg: Ffmpeg,
  input: string,
  limits: Pick<VideoLimits, 'maxDurationSeconds'>,
): Promise<InspectedVideo> {
  let probe: VideoProbe;
  try {
    probe = await ffmpeg.probe(input);
  } catch (err) {
    if (!refusedInput(err)) throw err;
    throw new MediaInputError('CORRUPT_VIDEO', 'Failed to load video metadata');
  }
  if (!probe.video || !probe.video.width || !probe.video.height)
    throw new MediaInputError('NO_VIDEO_STREAM', 'File appears to be audio-only or corrupted');
  if (limits.maxDurationSeconds !== null && probe.durationSeconds > limits.maxDurationSeconds) {
    throw new MediaInputError('VIDEO_TOO_LONG', `Video must be ${limits.maxDurationSeconds} seconds or shorter`);
  }
  // A phone's portrait clip is stored sideways with a rotation: upright, the sides swap.
  const turned = probe.video.rotation === 90 || probe.video.rotation === 270;
  return {
    probe,
    width: turned ? probe.video.height : probe.video.width,
    height: turned ? probe.video.width : probe.video.height,
    durationSeconds: round3(probe.durationSeconds),
  };
}

/** The poster: one upright frame (about 1 s in) through the image pipeline at poster quality. */
export async function makePoster(
  ffmpeg: Ffmpeg,
  input: string,
  workDir: string,
  durationSeconds: number,
): Promise<PreparedImage[]> {
  const posterFile = join(workDir, 'poster.jpg');
  try {
    await ffmpeg.frame(input, Math.min(1, durationSeconds / 2), posterFile);
  } catch (err) {
    if (!refusedInput(err)) throw err;
    throw new MediaInputError('CORRUPT_VIDEO', 'Video file is corrupted or invalid');
  }
  return (
    await prepareImageVariants(await readFile(posterFile), { quality: IMAGE_VARIANTS.posterQuality, prefix: 'poster-' })
  ).variants;
}

/** Transcodes to H.264/AAC (or only rewraps a web-safe MP4) into workDir/video.mp4. */
export async function encodeVideo(
  ffmpeg: Ffmpeg,
  input: string,
  workDir: string,
  inspected: InspectedVideo,
  limits: Pick<VideoLimits, 'timeoutMs'>,
) {
  const output = join(workDir, 'video.mp4');
  const timeout = limits.timeoutMs(inspected.durationSeconds);
  const transcoded = !isWebSafe(inspected.probe);
  try {
    if (transcoded) await ffmpeg.transcode(input, output, timeout);
    else await ffmpeg.remux(input, output, timeout);
  } catch (err) {
    if (!refusedInput(err)) throw err;
    throw new MediaInputError('CORRUPT_VIDEO', 'Video file is corrupted or invalid');
  }
  const result = await ffmpeg.probe(output);
  return {
    file: output,
    width: result.video?.width ?? 0,
    height: result.video?.height ?? 0,
    durationSeconds: round3(result.durationSeconds),
    transcoded,
  };
}

/** Inspect, poster, encode: the whole preparation in one call (tests, the bench). */
export async function prepareVideo(
  ffmpeg: Ffmpeg,
  input: string,
  workDir: string,
  limits: VideoLimits,
): Promise<PreparedVideo> {
  const inspected = await inspectVideo(ffmpeg, input, limits);
  const poster = await makePoster(ffmpeg, input, workDir, inspected.durationSeconds);
  const video = await encodeVideo(ffmpeg, input, workDir, inspected, limits);
  return { ...video, poster };
}
