import type { VideoDraftSavedData } from '@modules/social/events';
export const VIDEO_POSTS = 'video_posts';
export const VIDEO_MEDIA = 'video_media';
export const VIDEO_DRAFTS = 'video_drafts';

/**
 * A post with a video (from the video composer or a regular post with a clip). `state` follows its
 * clip: processing, then ready (listed by GET /api/videos) or failed; deleted once the post is.
 */
export interface VideoPostDoc {
  id: string;
  [key: string]: unknown;
  userId: string;
  mediaId: string;
  state: 'processing' | 'ready' | 'failed' | 'deleted';
  /** false only when the video composer's author turned comments off. */
  allowComments: boolean;
  createdAt: string;
}

/** A video media item's outcome and the posts that show it (so an outcome finds its posts without a query). */
export interface VideoMediaDoc {
  id: string;
  [key: string]: unknown;
  status: 'processing' | 'ready' | 'failed';
  postIds: string[];
}

/** The draft as last saved (its event's data, keyed by the draft id). */
export type VideoDraftDoc = Omit<VideoDraftSavedData, 'draftId'> & { id: string; [key: string]: unknown };
