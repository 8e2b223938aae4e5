import { MediaInputError } from '../media-input.error';
import type { Ffmpeg, VideoProbe } from '../video/ffmpeg';
import { refusedInput } from '../video/prepare-video';

export interface InspectedAudio {
  codec: string;
  /** Null only when neither the header nor the packets tell. */
  durationSeconds: number | null;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * An audio item (a voice note, an mp3...) is served as uploaded; the worker only checks that it
 * holds sound and learns its length for the player. A file ffmpeg refuses, or one without a sound
 * stream, fails at once (CORRUPT_AUDIO); a machine fault (timeout, full disk) is retried.
 */
export async function inspectAudio(ffmpeg: Ffmpeg, input: string): Promise<InspectedAudio> {
  let probe: VideoProbe;
  try {
    probe = await ffmpeg.probe(input);
  } catch (err) {
    if (!refusedInput(err)) throw err;
    throw new MediaInputError('CORRUPT_AUDIO', 'The audio file could not be read');
  }
  if (!probe.audio) throw new MediaInputError('CORRUPT_AUDIO', 'The audio file has no sound');
  let duration: number | null =
    Number.isFinite(probe.durationSeconds) && probe.durationSeconds > 0 ? probe.durationSeconds : null;
  if (duration === null) {
    try {
      duration = await ffmpeg.measureAudioDuration(input);
    } catch (err) {
      if (!refusedInput(err)) throw err;
      throw new MediaInputError('CORRUPT_AUDIO', 'The audio file could not be read');
    }
  }
  return { codec: probe.audio.codec, durationSeconds: duration === null ? null : round3(duration) };
}
