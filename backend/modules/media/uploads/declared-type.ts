import type { MediaPurpose } from '../domain/media-types';

/**
 * The client's declared type is only a hint for failing early at init; the bytes decide at
 * finalize. Browsers send '' for types they do not know, so an empty type is let through.
 */
const IMAGE_TYPES = /^image\/(jpeg|jpg|pjpeg|png|gif|webp)$/;
const ACCEPTED = [
  IMAGE_TYPES,
  /^video\/(mp4|webm|quicktime|x-msvideo|avi|msvideo)$/,
  /^audio\/[a-z0-9.+-]+$/,
  /^application\/(pdf|msword|vnd\.openxmlformats-officedocument\.wordprocessingml\.document|octet-stream)$/,
  /^text\/plain$/,
];

export function declaredTypeAccepted(fileType: string, purpose: MediaPurpose): boolean {
  const [type = ''] = fileType.trim().toLowerCase().split(';');
  if (purpose === 'video-post') return type === 'video/mp4';
  if (type === '') return purpose !== 'image';
  if (purpose === 'image') return IMAGE_TYPES.test(type);
  return ACCEPTED.some((r) => r.test(type));
}
