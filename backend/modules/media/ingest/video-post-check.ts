import { MEDIA_LIMITS } from '../limits';
import type { MediaRejection } from './media-policy';
import type { Mp4Facts } from './mp4-facts';

/**
 * Part 2 §9 rules a video post's MP4 must meet, checked from its boxes before it is stored, with
 * the composer's own texts. The worker checks the same again with ffprobe (defence in depth).
 */
export function checkVideoPostFacts(facts: Mp4Facts | null): MediaRejection | null {
  if (!facts) return { status: 422, code: 'CORRUPT_VIDEO', message: 'Video file is corrupted or invalid' };
  if (!facts.video || facts.video.width === 0 || facts.video.height === 0) {
    return { status: 422, code: 'NO_VIDEO_STREAM', message: 'File appears to be audio-only or corrupted' };
  }
  if (facts.durationSeconds !== null && facts.durationSeconds > MEDIA_LIMITS.videoPostSeconds) {
    return {
      status: 422,
      code: 'VIDEO_TOO_LONG',
      message: `Video must be ${MEDIA_LIMITS.videoPostSeconds} seconds or shorter`,
    };
  }
  return null;
}
