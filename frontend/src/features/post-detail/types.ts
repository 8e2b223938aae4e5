import type { PostAuthor } from '../posts/types';

/**
 * Spec part 1 §3 Comment as `GET /api/posts/{id}/comments` answers it
 * (backend/modules/social/comments.service.ts, `views`).
 */
export interface Comment {
  id: string;
  postId: string;
  userId: string;
  user: PostAuthor;
  content: string;
  imageUrl: string | null;
  videoUrl: string | null;
  /** Not sent by the server today; shown when it is, since comments accept audio files. */
  audioUrl?: string | null;
  /** Not sent by the server today (it sends only the first image as imageUrl). */
  imageUrls?: string[];
  createdAt: string;
  editedAt: string | null;
}

/** `POST /api/posts/{id}/comments` answers the new comment; an unverified author's is "limited". */
export type AddedComment = Comment & { limited?: boolean; message?: string };

export interface NewComment {
  postId: string;
  content: string;
  files: File[];
}
