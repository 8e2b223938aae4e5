/** What an uploaded file is, decided by its bytes (never by its name or the client's type). */
export type MediaKind = 'image' | 'video' | 'audio' | 'document';

export interface SniffedType {
  kind: MediaKind;
  mime: string;
  /** Extension of the stored original (server-chosen). */
  ext: string;
}

/**
 * Why a file is being ingested: decides the accepted types and limits.
 * - post: posts, comments, messages (part 1 §5: images, video, audio, documents);
 * - video-post: the video composer (part 2 §9: MP4 only, 100 MB, 90 s);
 * - image: profile pictures and other image-only slots.
 */
export type MediaPurpose = 'post' | 'video-post' | 'image';
export const MEDIA_PURPOSES = ['post', 'video-post', 'image'] as const satisfies readonly MediaPurpose[];
