import type { DocumentView, VideoStatus } from '@contract';

import type { MediaView } from '../media';
import type { MediaRef } from './events';

export type { DocumentView, VideoStatus };

/** The media fields of a post card or a comment, from the media module's read side. */
export interface MediaFields {
  imageUrls: string[];
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  videoDuration: number | null;
  /** null when there is no video. */
  videoStatus: VideoStatus | null;
  audioUrl: string | null;
  documents: DocumentView[];
}

export const NO_MEDIA: MediaFields = {
  imageUrls: [],
  videoUrl: null,
  videoThumbnailUrl: null,
  videoDuration: null,
  videoStatus: null,
  audioUrl: null,
  documents: [],
};

/**
 * Fields from the attached files in their order. An item the media read model does not show yet
 * keeps its stable address and counts as processing; a document is listed once its size and type
 * are known (ingest writes them before the post or comment exists, so in practice always).
 */
export function mediaFields(refs: MediaRef[], views: Map<string, MediaView>): MediaFields {
  if (refs.length === 0) return NO_MEDIA;
  const url = (id: string, fallback: string) => views.get(id)?.url ?? fallback;
  const video = refs.find((m) => m.kind === 'video');
  const audio = refs.find((m) => m.kind === 'audio');
  const videoView = video ? views.get(video.id) : undefined;
  return {
    imageUrls: refs.filter((m) => m.kind === 'image').map((m) => url(m.id, `/media/${m.id}`)),
    videoUrl: video ? url(video.id, `/media/${video.id}/video.mp4`) : null,
    videoThumbnailUrl: videoView?.posterUrl ?? null,
    videoDuration: videoView?.durationSeconds ?? null,
    videoStatus: video ? (videoView?.status ?? 'processing') : null,
    audioUrl: audio ? url(audio.id, `/media/${audio.id}`) : null,
    documents: refs
      .filter((m) => m.kind === 'document')
      .map((m) => views.get(m.id))
      .filter((v): v is MediaView => !!v)
      .map((v) => ({ url: v.url, ...(v.name ? { name: v.name } : {}), mime: v.mime, bytes: v.bytes })),
  };
}
