import type { MediaView } from '@contract';

import type { MediaDoc } from './docs';

/** What other modules show for a media item (e.g. a post's imageUrl, videoUrl, videoThumbnailUrl): the web app's contract. */
export type { MediaView };

/**
 * Whether a viewer (null: signed out) may see a media item: anyone, unless the item has an audience;
 * then only its members. Serving and every view of an item apply it, and answer a refusal exactly as
 * they answer an unknown id (nothing tells that the item exists).
 */
export function canViewMedia(doc: Pick<MediaDoc, 'audience'>, viewerId: string | null): boolean {
  return !isRestrictedMedia(doc) || (viewerId !== null && doc.audience!.includes(viewerId));
}

/** An item with an audience: its answers are for the viewer only (`Cache-Control: private`). */
export const isRestrictedMedia = (doc: Pick<MediaDoc, 'audience'>): boolean => doc.audience != null;

/**
 * The courses whose students (with their teacher and moderators) alone may fetch the item: null
 * when anyone may, i.e. no course shows or ever locked it, or one shows it openly (a free-preview
 * lesson, a thumbnail, a preview video: copies of it are out already). A course that retired it
 * (showed it locked, then removed the lesson or replaced its video) keeps guarding it: the course's
 * students while enrolled still may, as may its teacher and moderators; nobody else, ever.
 */
export function courseGuardOf(doc: Pick<MediaDoc, 'courses'>): string[] | null {
  const uses = Object.entries(doc.courses ?? {});
  if (uses.length === 0 || uses.some(([, use]) => use === 'open')) return null;
  return uses.map(([courseId]) => courseId);
}

/** The private communities whose readers alone (with its uploader) may fetch the item; null when anyone may. */
export function communityGuardOf(doc: Pick<MediaDoc, 'communities'>): string[] | null {
  return doc.communities?.length ? doc.communities : null;
}

export function toMediaView(doc: MediaDoc): MediaView {
  const base = `/media/${doc.id}`;
  const hasPoster = doc.variants.some((v) => v.role === 'poster');
  const url =
    doc.kind === 'video'
      ? `${base}/video.mp4`
      : doc.kind === 'image'
        ? base
        : `${base}/original.${extOf(doc.originalKey)}`;
  return {
    id: doc.id,
    kind: doc.kind,
    mime: doc.mime,
    bytes: doc.bytes,
    name: doc.name ?? null,
    status: doc.status,
    width: doc.width,
    height: doc.height,
    durationSeconds: doc.durationSeconds,
    url,
    posterUrl: hasPoster ? `${base}/poster` : null,
    variants: doc.variants.map((v) => ({
      url: `${base}/${v.name}`,
      mime: v.mime,
      width: v.width,
      height: v.height,
      role: v.role,
    })),
    error: doc.error,
  };
}

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
