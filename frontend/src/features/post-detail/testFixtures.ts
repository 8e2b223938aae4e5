import { AUTHOR, makePost as makeAnyPost } from '@/resources/posts/testing';
import type { Post, PostAuthor } from '@/resources/posts/types';

import type { Comment } from './types';

/** Test data shaped like the API's answers (post-view.ts, comments.service.ts). */
export { AUTHOR };

export const ME_AS_AUTHOR: PostAuthor = { ...AUTHOR, id: 'u1', name: 'Amina', displayName: 'Amina', username: 'amina' };

/** The post the detail screen opens: a real id, and a like, a comment and a repost for the stats to show. */
export function makePost(overrides: Partial<Post> = {}): Post {
  return makeAnyPost({
    id: '01900000-0000-7000-8000-000000000001',
    content: 'Patience is light.',
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    likes: 3,
    likeCount: 3,
    commentsCount: 1,
    commentCount: 1,
    reposts: 1,
    ...overrides,
  });
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: '01900000-0000-7000-8000-0000000000c1',
    postId: makePost().id,
    userId: AUTHOR.id,
    user: AUTHOR,
    content: 'JazakAllahu khayran',
    imageUrl: null,
    imageUrls: [],
    videoUrl: null,
    videoThumbnailUrl: null,
    videoStatus: null,
    audioUrl: null,
    documents: [],
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    editedAt: null,
    ...overrides,
  };
}
