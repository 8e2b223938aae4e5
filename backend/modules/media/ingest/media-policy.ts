import { canProcessVideo, MEDIA_TOOLS_MISSING, type MediaTools } from '@platform/media-tools';

import type { MediaPurpose, SniffedType } from '../domain/media-types';
import { IMAGE_VARIANTS, MEDIA_LIMITS } from '../limits';

export interface MediaRejection {
  /** 503: the server cannot process this kind at all right now (no ffmpeg/ffprobe). */
  status: 413 | 415 | 422 | 503;
  code: string;
  message: string;
}

const MB_TEXT = (bytes: number) => `${bytes / (1024 * 1024)}MB`;

type MediaKind = SniffedType['kind'];

/** What a file name's extension claims (svg counts as an image claim: it is never accepted as one). */
const KIND_BY_EXTENSION: Record<string, MediaKind> = {
  ...Object.fromEntries(
    [
      'jpg',
      'jpeg',
      'jfif',
      'png',
      'gif',
      'webp',
      'avif',
      'heic',
      'heif',
      'bmp',
      'tif',
      'tiff',
      'svg',
      'svgz',
      'ico',
    ].map((e) => [e, 'image' as const]),
  ),
  ...Object.fromEntries(['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', '3gp'].map((e) => [e, 'video' as const])),
  ...Object.fromEntries(
    ['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wav', 'weba', 'flac'].map((e) => [e, 'audio' as const]),
  ),
};

/**
 * The kind a client declared for a file, by its MIME type's top level or its name's extension:
 * null when it claims no picture, sound or motion (a document, or nothing said).
 */
export function declaredKind(filename: string, mimeType = ''): MediaKind | null {
  const top = mimeType.trim().toLowerCase().split('/')[0];
  if (top === 'image' || top === 'video' || top === 'audio') return top;
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename.trim())?.[1]?.toLowerCase();
  return (ext && KIND_BY_EXTENSION[ext]) || null;
}

/**
 * Whether the bytes are what was declared. A browser records a voice note into a video container,
 * and an audio-only video container is sound, so video and audio claims accept each other; an
 * image claim accepts only an image. A document never passes for picture, sound or motion.
 */
function bytesMatchClaim(claimed: MediaKind | null, actual: MediaKind): boolean {
  if (!claimed) return true;
  if (claimed === 'image') return actual === 'image';
  if (claimed === 'video' || claimed === 'audio') return actual === 'video' || actual === 'audio';
  return true;
}

/** Largest file a purpose accepts for a kind (part 1 §9; part 2 §9 for video posts). */
export function maxBytes(purpose: MediaPurpose, kind: SniffedType['kind']): number {
  if (purpose === 'video-post') return MEDIA_LIMITS.videoPostBytes;
  return kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.otherBytes;
}

/**
 * Whether a sniffed file may be stored for a purpose; the messages are the spec's texts.
 * `label` is the client's file name, used in messages and, by its extension, as the declared kind
 * unless `declared` is given: a file sent as an image, video or audio whose bytes are not one is
 * refused (an HTML page named .png, a script named .jpg, any SVG), never kept as a document.
 */
export function checkMediaPolicy(
  type: SniffedType | null,
  bytes: number,
  purpose: MediaPurpose,
  label = 'File',
  declared: MediaKind | null = declaredKind(label),
): MediaRejection | null {
  if (purpose === 'video-post') {
    if (type?.mime !== 'video/mp4')
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only MP4 format is supported' };
    if (bytes > MEDIA_LIMITS.videoPostBytes)
      return { status: 413, code: 'FILE_TOO_LARGE', message: 'Video file must be 100MB or smaller' };
    return null;
  }
  if (!type || (purpose === 'image' && type.kind !== 'image') || !bytesMatchClaim(declared, type.kind)) {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: `${label} is not a supported format` };
  }
  if (type.kind === 'image' && (type.pixels ?? 0) > IMAGE_VARIANTS.maxInputPixels)
    return {
      status: 422,
      code: 'IMAGE_TOO_LARGE',
      message: `${label} is too large: images may have at most ${IMAGE_VARIANTS.maxInputPixels / 1_000_000} megapixels`,
    };
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
