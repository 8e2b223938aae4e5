import type { DocumentView, VideoStatus } from './media';
import type { PostAuthor } from './posts';

/** Spec part 1 §3 Comment (backend/modules/social/comments.service.ts `views`). */
export interface CommentView {
  id: string;
  postId: string;
  userId: string;
  user: PostAuthor;
  content: string;
  /** The first image (the spec's field); imageUrls has them all. */
  imageUrl: string | null;
  imageUrls: string[];
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  videoStatus: VideoStatus | null;
  audioUrl: string | null;
  documents: DocumentView[];
  createdAt: string;
  editedAt: string | null;
}

/** What a reply answers (a deleted post: userId null and a notice as content). */
export interface ReplyOriginalPost {
  id: string;
  userId: string | null;
  content: string;
}

/** A member's comment on their profile's Replies tab, with the post it answers (comments.service.ts `replies`). */
export interface ReplyView extends CommentView {
  originalPost: ReplyOriginalPost;
}
