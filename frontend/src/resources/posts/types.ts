/**
 * Spec part 1 §3 Post as the API answers it (contract/posts.ts, mirrored from
 * backend/modules/social/post-view.ts). Shared by every feature that shows posts.
 */
import type { DocumentView, PostPage, PostView, QuotedPostView } from '@contract';

export type { PollView, PostAuthor } from '@contract';

export type QuotedPost = QuotedPostView;
export type PostDocument = DocumentView;
export type Post = PostView;

/**
 * Lists of posts (`/api/feed`, `/api/posts`, profile tabs, bookmarks) answer a plain array; the next
 * page is asked for with `?cursor=<id of the last post>&limit=N` and the end is a page shorter than N.
 */
export type PostList = PostPage;
