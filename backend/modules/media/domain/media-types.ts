import type { MediaKind, MediaPurpose } from '../events';

export type { MediaKind, MediaPurpose };

export interface SniffedType {
  kind: MediaKind;
  mime: string;
  /** Extension of the stored original (server-chosen). */
  ext: string;
  /** An image's width × height as its header states (read before anything is decoded). */
  pixels?: number;
}

export const MEDIA_PURPOSES = ['post', 'video-post', 'image'] as const satisfies readonly MediaPurpose[];
