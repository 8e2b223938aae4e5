import { canProcessVideo, MEDIA_TOOLS_MISSING, type MediaTools } from '@platform/media-tools';

import type { MediaPurpose, SniffedType } from '../domain/media-types';
import { MEDIA_LIMITS } from '../limits';

export interface MediaRejection {
  /** 503: the server cannot process this kind at all right now (no ffmpeg/ffprobe). */
  status: 413 | 415 | 422 | 503;
  code: string;
  message: string;
}

const MB_TEXT = (bytes: number) => `${bytes / (1024 * 1024)}MB`;

/** Largest file a purpose accepts for a kind (part 1 §9; part 2 §9 for video posts). */
export function maxBytes(purpose: MediaPurpose, kind: SniffedType['kind']): number {
  if (purpose === 'video-post') return MEDIA_LIMITS.videoPostBytes;
  return kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.otherBytes;
}

/**
 * Whether a sniffed file may be stored for a purpose; the messages are the spec's texts.
 * `label` is the client's file name, used in messages only.
 */
export function checkMediaPolicy(
  type: SniffedType | null,
  bytes: number,
  purpose: MediaPurpose,
  label = 'File',
): MediaRejection | null {
  if (purpose === 'video-post') {
    if (type?.mime !== 'video/mp4')
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only MP4 format is supported' };
    if (bytes > MEDIA_LIMITS.videoPostBytes)
      return { status: 413, code: 'FILE_TOO_LARGE', message: 'Video file must be 100MB or smaller' };
    return null;
  }
  if (!type || (purpose === 'image' && type.kind !== 'image')) {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: `${label} is not a supported format` };
  }
  const limit = maxBytes(purpose, type.kind);
  if (bytes > limit)
    return { status: 413, code: 'FILE_TOO_LARGE', message: `${label} exceeds the ${MB_TEXT(limit)} limit` };
  if (bytes === 0)
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: `${label} is not a supported format` };
  return null;
}

/** Video and audio need ffmpeg and ffprobe; without them they are refused before anything is stored. */
export function checkMediaTools(
  kind: SniffedType['kind'] | undefined,
  tools: MediaTools | null,
): MediaRejection | null {
  if ((kind === 'video' || kind === 'audio') && !canProcessVideo(tools))
    return { status: 503, code: 'MEDIA_TOOLS_MISSING', message: MEDIA_TOOLS_MISSING };
  return null;
}
