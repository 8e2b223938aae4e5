/**
 * Events of video posts and their drafts (spec part 2 §2 Create Video Post, §3 Video draft). Streams:
 * - `videopost-<postId>`: what the video composer added to a post (the clip, comments allowed or not,
 *   what the browser read of the file); the post itself stays on `post-<postId>`;
 * - `videodraft-<draftId>`: one draft a member keeps on the server.
 */

/** What the composer's browser measured (spec §2 Video Summary); the server's own probe is the truth. */
export interface DeclaredVideo {
  duration: number | null;
  width: number | null;
  height: number | null;
  size: number | null;
  format: string | null;
}

export interface VideoPostSubmittedData {
  postId: string;
  userId: string;
  mediaId: string;
  allowComments: boolean;
  declared: DeclaredVideo;
  at: string;
}

export type VideoPostEvent = { type: 'VideoPostSubmitted'; data: VideoPostSubmittedData };

/** Spec part 2 §3 Video draft, minus the file bytes (they stay in the browser unless uploaded). */
export interface VideoDraftSavedData {
  draftId: string;
  userId: string;
  caption: string;
  videoFile: { name: string; size: number; type: string } | null;
  metadata: Record<string, unknown>;
  allowComments: boolean;
  /** A clip already uploaded (chunked uploader), when the member chose to keep it on the server. */
  mediaId: string | null;
  createdAt: string;
  savedAt: string;
}

export type VideoDraftEvent =
  | { type: 'VideoDraftSaved'; data: VideoDraftSavedData }
  | { type: 'VideoDraftDeleted'; data: { draftId: string; userId: string; at: string } };

export const videoPostStream = (postId: string) => `videopost-${postId}`;
export const videoDraftStream = (draftId: string) => `videodraft-${draftId}`;
