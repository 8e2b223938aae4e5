import type { SniffedType } from '../domain/media-types';
import { sniffMedia } from '../domain/sniff-media';
import { loadSharp } from '../sharp';
import { headOf, type IngestSource } from './file-facts';
import { mp4Facts } from './mp4-facts';
import { webmFacts } from './webm-facts';

/** Which sound type a video container without a picture is (its original is served as it is). */
const AUDIO_OF: Record<string, SniffedType> = {
  'video/webm': { kind: 'audio', mime: 'audio/webm', ext: 'webm' },
  'video/mp4': { kind: 'audio', mime: 'audio/mp4', ext: 'm4a' },
  'video/quicktime': { kind: 'audio', mime: 'audio/mp4', ext: 'm4a' },
};

/**
 * What a file is, for every purpose but a video post: its magic bytes, then, for a video
 * container, its track list. Browsers record voice notes into video containers (Chrome's
 * MediaRecorder writes audio/webm and audio/mp4 with the 'isom' brand), so a WebM or MP4 that
 * declares sound and no picture is audio. A container whose tracks cannot be read stays video:
 * the worker's probe then refuses it with a clear error rather than the API guessing.
 *
 * Posts, comments and messages count kinds with this before anything is stored, and ingest
 * records the same kind, so a count and the stored item never disagree.
 */
export async function classifyMedia(input: Buffer | IngestSource): Promise<SniffedType | null> {
  const source: IngestSource = Buffer.isBuffer(input) ? { buffer: input } : input;
  const sniffed = sniffMedia(await headOf(source));
  if (sniffed?.kind === 'image') return withPixels(sniffed, source);
  const audio = sniffed?.kind === 'video' ? AUDIO_OF[sniffed.mime] : undefined;
  if (!audio) return sniffed;
  const tracks = sniffed!.mime === 'video/webm' ? await webmFacts(source) : await mp4Facts(source);
  return tracks && !tracks.video && tracks.audio ? audio : sniffed;
}

/**
 * An image's size from its header alone (libvips decodes nothing for metadata), so a decompression
 * bomb — a few KB that would expand to gigabytes — is refused by the policy before it is stored or
 * queued. Magic bytes whose header cannot be read are not an image.
 */
async function withPixels(sniffed: SniffedType, source: IngestSource): Promise<SniffedType | null> {
  try {
    // No pixel limit here: nothing is decoded, and the policy must see the size to refuse it.
    const input = 'buffer' in source ? source.buffer : source.path;
    const sharp = await loadSharp();
    const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    return width && height ? { ...sniffed, pixels: width * height } : null;
  } catch {
    return null;
  }
}
