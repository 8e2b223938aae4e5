import type { CommentView } from '@contract';

/** Spec part 1 §3 Comment as `GET /api/posts/{id}/comments` answers it (contract/comments.ts). */
export type Comment = CommentView;

/** `POST /api/posts/{id}/comments` answers the new comment; an unverified author's is "limited". */
export type AddedComment = Comment & { limited?: boolean; message?: string };

export interface NewComment {
  postId: string;
  content: string;
  files: File[];
}
