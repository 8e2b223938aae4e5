import type { Post, PostAuthor } from '../posts/types';
import type { Comment } from './types';

/** Test data shaped like the API's answers (post-view.ts, comments.service.ts). */
export const AUTHOR: PostAuthor = {
  id: 'u2',
  name: 'Yusuf',
  displayName: 'Yusuf',
  username: 'yusuf',
  profileImage: null,
  avatarUrl: null,
  isVerified: false,
};

export const ME_AS_AUTHOR: PostAuthor = { ...AUTHOR, id: 'u1', name: 'Amina', displayName: 'Amina', username: 'amina' };

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: '01900000-0000-7000-8000-000000000001',
    userId: AUTHOR.id,
    user: AUTHOR,
    content: 'Patience is light.',
    type: 'text',
    hashtags: [],
    mentions: [],
    imageUrl: null,
    imageUrls: [],
    imageCaptions: [],
    videoUrl: null,
    videoThumbnailUrl: null,
    videoDuration: null,
    audioUrl: null,
    quotedPostId: null,
    quotedPost: null,
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    editedAt: null,
    isPinned: false,
    likes: 3,
    likeCount: 3,
    isLiked: false,
    likedByMe: false,
    commentsCount: 1,
    commentCount: 1,
    shares: 0,
    reposts: 1,
    isReposted: false,
    bookmarks: 0,
    isBookmarked: false,
    poll: null,
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: '01900000-0000-7000-8000-0000000000c1',
    postId: makePost().id,
    userId: AUTHOR.id,
    user: AUTHOR,
    content: 'JazakAllahu khayran',
    imageUrl: null,
    videoUrl: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    editedAt: null,
    ...overrides,
  };
}
