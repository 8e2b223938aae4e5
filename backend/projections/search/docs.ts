import type { CollectionSpec } from '@platform/read-store/read-store.port';

export const SEARCH_PROJECTOR = 'search';

/**
 * A text index per kind of result. Kept apart rather than filtered by kind, so a query on posts
 * reads only posts and PostgreSQL's estimate of how common a word is holds for the index it scans.
 */
export const SEARCH_TEXT = {
  user: 'search_text_members',
  post: 'search_text_posts',
  answer: 'search_text_answers',
} as const;
/** What the index holds per post, to rewrite its entry and its hashtags on edit. */
export const SEARCH_POSTS = 'search_posts';
/** What the index holds per member, to rewrite their entry when the profile changes. */
export const SEARCH_MEMBERS = 'search_members';
/** Posts by hashtag, newest first (`#tag` and `?hashtag=`). */
export const SEARCH_HASHTAGS = 'search_hashtags';

export type SearchKind = 'user' | 'post' | 'answer';

/** The fields stored with every index entry (SearchHit.fields). */
export interface SearchEntryFields {
  [key: string]: string;
  kind: SearchKind;
  /** Members: when they joined; posts and answers: when they were posted (recency in ranking). */
  at: string;
}

export interface SearchPostDoc {
  id: string;
  [key: string]: unknown;
  kind: 'post' | 'answer';
  userId: string;
  createdAt: string;
  hashtags: string[];
}

export interface SearchMemberDoc {
  id: string;
  [key: string]: unknown;
  username: string;
  displayName: string;
  bio: string | null;
  joinedAt: string;
  /** Username and display name folded as search text (memberNames): exact-name lookups. */
  names: string[];
}

/** id `<tag>:<postId>`; tags are folded like search text so `#الصبر` finds `#الصَّبْر`. */
export interface HashtagDoc {
  id: string;
  [key: string]: unknown;
  tag: string;
  postId: string;
}

export const hashtagDocId = (tag: string, postId: string) => `${tag}:${postId}`;

export const searchPostsCollection: CollectionSpec = {
  name: SEARCH_POSTS,
  indexes: [{ fields: ['userId'], sort: { field: 'id' } }],
};
export const searchMembersCollection: CollectionSpec = { name: SEARCH_MEMBERS, arrayFields: ['names'] };
export const hashtagsCollection: CollectionSpec = {
  name: SEARCH_HASHTAGS,
  indexes: [{ fields: ['tag'], sort: { field: 'postId' } }],
};

/** A member's entry id in the index; posts and answers use their post id. */
export const memberEntryId = (userId: string) => `user:${userId}`;
