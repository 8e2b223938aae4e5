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
  /**
   * How courses show the item, by course id (see course-uses.ts): `locked` in a lesson only the
   * course's students may open, `open` where anyone may look (a free-preview lesson, the course's
   * thumbnail or preview video), `retired` once a course that showed it locked no longer shows it
   * (it stays the course's: a removed or replaced lesson's video never turns public). Absent when
   * no course shows it or ever locked it.
   */
  courses?: Record<string, CourseMediaUse>;
  /**
   * The private communities whose posts (or comments on them) show the item: only those who read
   * one of them (and its uploader) may fetch it. Kept once set, as a deleted post's files stay the
   * circle's. Absent when no private community's post shows it.
   */
  communities?: string[];
  originalKey: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  variants: MediaVariant[];
  error: { code: string; message: string } | null;
  createdAt: string;
  processedAt: string | null;
}

/** How one course shows a media item (`retired`: showed it locked once, shows it no more). */
export type CourseMediaUse = 'locked' | 'open' | 'retired';

/**
 * The media projection's own copy of which media each course shows (`<courseId>`), so that an edit,
 * which names only what changed, can tell which items a course stopped showing.
 */
export const MEDIA_COURSE_USES = 'media_course_uses';

/** The media one course shows. */
export interface CourseMedia {
  /** Each lesson video with whether its lesson is a free preview. */
  lessons: { mediaId: string; freePreview: boolean }[];
  thumbnailMediaId: string | null;
  previewVideoMediaId: string | null;
}

export interface MediaCourseUsesDoc extends CourseMedia {
  /** The course id. */
  id: string;
  [key: string]: unknown;
}

/**
 * The posts of private communities (`<postId>` → its community), so that the files of a comment on
 * one are guarded as the post's are (a comment's event does not say where its post was posted).
 */
export const MEDIA_PRIVATE_POSTS = 'media_private_posts';

export interface MediaPrivatePostDoc {
  id: string;
  [key: string]: unknown;
  communityId: string;
}

export const MEDIA_PROJECTOR = 'media';
