/**
 * Posts as a resource shared by the features that show them: the Post type, the post API and the
 * cache patching that keeps every cached copy of a post in step (see features/posts/index.ts).
 */
export * from './api';
export {
  isAnswerShape,
  isPostShape,
  type PatchCollection,
  patchPostEverywhere,
  type PostRecipes,
  undoPatches,
  walkPosts,
} from './cache';
export { applyReaction, applyReactionAnswer, type ReactionAnswer, type ReactionKind } from './reactions';
export type { PollView, Post, PostAuthor, PostDocument, PostList, QuotedPost } from './types';
