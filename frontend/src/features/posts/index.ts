/**
 * Posts: the shared post card and the post API.
 *
 * Contract for every query that returns posts (feed, post detail, profile tabs, bookmarks, search...):
 * provide `{ type: 'Post', id }` for EACH post in the result, e.g.
 *
 *   providesTags: (result) => (result ?? []).map((post) => ({ type: 'Post' as const, id: post.id })),
 *
 * (for an infinite query, `result?.pages.flat()`). Like, bookmark, repost, vote, edit, pin and delete
 * patch every cached copy of the post through that tag (`patchPostEverywhere`), whatever the shape of
 * the cached value (a post, an array, `{ pages }`, `{ post, comments }`), so all screens stay in step and
 * roll back together.
 */
export { ImageGallery } from './components/ImageGallery';
export { PostCard, type PostCardProps } from './components/PostCard';
export { DeleteDialog } from './components/PostDialogs';
export { PostText } from './components/PostText';
export { ReportDialog, useReportDialog } from './components/ReportDialog';
export { ReportReason } from './components/ReportReason';
export { IMAGE_RETRY_MS, SafeImage } from './components/SafeImage';
// The post API: `postsApi`, its hooks and their argument and answer types.
export { postUrl } from './components/usePostActions';
export { QUOTE_PREVIEW_LIMIT, TRUNCATE_LIMIT, TRUNCATE_LIMIT_COMPACT, truncateText } from './truncate';
export type { PollView, Post, PostAuthor, PostList, QuotedPost } from '@/resources/posts';
export * from '@/resources/posts';
export { patchPostEverywhere, type PostRecipes, undoPatches, walkPosts } from '@/resources/posts';

/** Tags one list of posts for the shared cache patching (see the contract above). */
export function postTags(posts: ReadonlyArray<{ id: string }> | undefined): Array<{ type: 'Post'; id: string }> {
  return (posts ?? []).map((post) => ({ type: 'Post' as const, id: post.id }));
}
