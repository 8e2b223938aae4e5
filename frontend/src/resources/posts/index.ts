/**
 * Posts as a resource shared by the features that show them: the Post type, the post API and the
 * cache patching that keeps every cached copy of a post in step (see features/posts/index.ts).
 */
export type { Post, PostAuthor, PollView, QuotedPost, PostDocument, PostList } from './types';
export * from './api';
export { isPostShape, patchPostEverywhere, walkPosts, undoPatches, type PatchCollection, type PostRecipes } from './cache';
export { applyReaction, applyReactionAnswer, type ReactionAnswer, type ReactionKind } from './reactions';
