import type { AiAnswerView } from '@contract';

import { api } from '@/app/api';
import type { AppDispatch, RootState } from '@/app/store';

import type { Post, QuotedPost } from './types';

type Draft = unknown;

/** What `updateQueryData` hands back: enough to roll the optimistic change back. */
export interface PatchCollection {
  undo: () => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A full post as the API answers it (not a quoted preview, not a comment). */
export function isPostShape(value: unknown): value is Post {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.userId === 'string' &&
    'likes' in value &&
    'createdAt' in value
  );
}

/**
 * A shared AI answer as the Q&A feed and search list it (contract/search.ts AiAnswerView). It IS a
 * post (same id, liked and commented as one), so the same walk keeps these copies in step.
 */
export function isAnswerShape(value: unknown): value is AiAnswerView {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.question === 'string' &&
    typeof value.answer === 'string' &&
    'likes' in value &&
    'isAnonymous' in value
  );
}

export interface PostRecipes {
  /** Applied to every full copy of the post. */
  post?: (post: Post) => void;
  /** Applied to every copy of the post held as a shared answer (Q&A feed, search results). */
  answer?: (answer: AiAnswerView) => void;
  /** Applied to every quoted preview of the post inside other posts. */
  quote?: (quote: QuotedPost) => QuotedPost | void;
  /** Drop the post from every list it is in. */
  remove?: boolean;
}

// Caches hold posts in many shapes (a post, a list, an infinite query's {pages}, {post, comments}...),
// so the walk looks at every object instead of knowing each endpoint's shape.
const MAX_DEPTH = 6;

/** Applies the recipes to every copy of post `id` found inside a cached value (an immer draft). */
export function walkPosts(value: Draft, id: string, recipes: PostRecipes, depth = 0): void {
  if (depth > MAX_DEPTH || !isRecord(value)) return;
  if (Array.isArray(value)) {
    if (recipes.remove) {
      for (let i = value.length - 1; i >= 0; i -= 1) {
        const item: unknown = value[i];
        if ((isPostShape(item) || isAnswerShape(item)) && item.id === id) value.splice(i, 1);
      }
    }
    for (const item of value) walkPosts(item, id, recipes, depth + 1);
    return;
  }
  if (isPostShape(value)) {
    if (value.id === id) recipes.post?.(value);
    const quote = value.quotedPost;
    if (quote && quote.id === id && recipes.quote) {
      const replaced = recipes.quote(quote);
      if (replaced) value.quotedPost = replaced;
    }
    return;
  }
  if (isAnswerShape(value)) {
    if (value.id === id) recipes.answer?.(value);
    return;
  }
  for (const key of Object.keys(value)) walkPosts(value[key], id, recipes, depth + 1);
}

/**
 * Patches post `id` (and its quoted copies) in every cached query that provides {type:'Post', id}:
 * the feed, post detail, profile tabs, bookmarks... Returns the patches so a failure can undo them all.
 */
export function patchPostEverywhere(
  dispatch: AppDispatch,
  state: RootState,
  id: string,
  recipes: PostRecipes,
): PatchCollection[] {
  const entries = api.util.selectInvalidatedBy(state, [{ type: 'Post', id }]);
  return entries.map(({ endpointName, originalArgs }) =>
    dispatch(
      // Endpoint names are only known at runtime here; every one of them holds posts somewhere in its data.
      api.util.updateQueryData(endpointName as never, originalArgs as never, (draft: Draft) => {
        walkPosts(draft, id, recipes);
      }),
    ),
  );
}

export function undoPatches(patches: PatchCollection[]): void {
  for (const patch of patches) patch.undo();
}
