import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '../../projections/runner';
import { MEDIA, type MediaDoc } from '../../projections/media/media.projector';
import { READ_MODELS } from '../../src/platform/tokens';
import type { MediaKind } from './domain/media-types';

/** What other modules show for a media item (e.g. a post's imageUrl, videoUrl, videoThumbnailUrl). */
export interface MediaView {
  id: string;
  kind: MediaKind;
  mime: string;
  status: MediaDoc['status'];
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** Image: best variant for the client (w, h, q, f params); video: the MP4; others: the file. */
  url: string;
  /** Video poster (null for other kinds or before processing). */
  posterUrl: string | null;
  variants: { url: string; mime: string; width: number; height: number; role: string }[];
  error: { code: string; message: string } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Media read side for other modules: look items up and turn them into URLs. */
@Injectable()
export class MediaQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async get(mediaId: string): Promise<MediaDoc | null> {
    if (!UUID.test(mediaId)) return null;
    return this.readModels.collection<MediaDoc>(MEDIA).get(mediaId);
  }

  async views(mediaIds: string[]): Promise<MediaView[]> {
    const ids = mediaIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return [];
    return (await this.readModels.collection<MediaDoc>(MEDIA).getMany(ids)).map(toMediaView);
  }
}

export function toMediaView(doc: MediaDoc): MediaView {
  const base = `/media/${doc.id}`;
  const hasPoster = doc.variants.some((v) => v.role === 'poster');
  const url = doc.kind === 'video' ? `${base}/video.mp4` : doc.kind === 'image' ? base : `${base}/original.${extOf(doc.originalKey)}`;
  return {
    id: doc.id,
    kind: doc.kind,
    mime: doc.mime,
    status: doc.status,
    width: doc.width,
    height: doc.height,
    durationSeconds: doc.durationSeconds,
    url,
    posterUrl: hasPoster ? `${base}/poster` : null,
    variants: doc.variants.map((v) => ({ url: `${base}/${v.name}`, mime: v.mime, width: v.width, height: v.height, role: v.role })),
    error: doc.error,
  };
}

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
