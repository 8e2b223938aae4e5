/** What an uploaded file is, decided by its bytes (backend/modules/media/domain/media-types.ts). */
export type MediaKind = 'image' | 'video' | 'audio' | 'document';

/** Where a media item's processing stands. */
export type MediaStatus = 'processing' | 'ready' | 'failed';

/** A media item's failure, when processing refused it. */
export interface MediaError {
  code: string;
  message: string;
}

/** A prepared rendition of a media item. */
export interface MediaVariant {
  url: string;
  mime: string;
  width: number;
  height: number;
  role: string;
}

/** A media item as the server shows it (backend/projections/media/views.ts MediaView). */
export interface MediaView {
  id: string;
  kind: MediaKind;
  mime: string;
  bytes: number;
  /** The client's file name, when known (documents show it). */
  name: string | null;
  status: MediaStatus;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** Image: best variant for the client (w, h, q, f params); video: the MP4; others: the file. */
  url: string;
  /** Video poster: present as soon as it is prepared, which is before the transcode ends. */
  posterUrl: string | null;
  variants: MediaVariant[];
  error: MediaError | null;
}

/** An attached document as clients list it; `url` downloads it (backend/modules/social/media-fields.ts). */
export interface DocumentView {
  url: string;
  /** The uploader's file name, when it was given. */
  name?: string;
  mime: string;
  bytes: number;
}

/** Where a post's or comment's video stands (null when there is none). */
export type VideoStatus = 'processing' | 'ready' | 'failed';
