import type { MediaKind, MediaPurpose, MediaVariant } from '@modules/media/events';

export const MEDIA = 'media';

/** A media item as the serving side and other modules read it. */
export interface MediaDoc {
  id: string;
  [key: string]: unknown;
  ownerId: string;
  kind: MediaKind;
  mime: string;
  purpose: MediaPurpose;
  status: 'processing' | 'ready' | 'failed';
  bytes: number;
  /** The client's file name (display and downloads); null when not given or before it was kept. */
  name?: string | null;
  /**
   * Member ids who alone may see the item (its files and its view); null (or absent, in documents
   * written before it was kept) when anyone may.
   */
  audience?: string[] | null;
  originalKey: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  variants: MediaVariant[];
  error: { code: string; message: string } | null;
  createdAt: string;
  processedAt: string | null;
}

export const MEDIA_PROJECTOR = 'media';
