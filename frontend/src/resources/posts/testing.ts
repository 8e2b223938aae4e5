import type { Post, PostAuthor } from './types';

/** Test data only: a post as the API answers it, with overrides. */
export const AUTHOR: PostAuthor = {
  id: 'u2',
  name: 'Yusuf',
  displayName: 'Yusuf',
  username: 'yusuf',
  profileImage: null,
  avatarUrl: null,
  isVerified: false,
};

export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? 'p1';
  return {
    id,
    userId: overrides.user?.id ?? AUTHOR.id,
    user: AUTHOR,
    content: `Post ${id}`,
    type: 'text',
    hashtags: [],
    mentions: [],
    imageUrl: null,
    imageUrls: [],
    imageCaptions: [],
    videoUrl: null,
    videoThumbnailUrl: null,
    videoDuration: null,
    videoStatus: null,
    audioUrl: null,
    documents: [],
    quotedPostId: null,
    quotedPost: null,
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    editedAt: null,
    isPinned: false,
    likes: 0,
    likeCount: 0,
    isLiked: false,
    likedByMe: false,
    commentsCount: 0,
    commentCount: 0,
    shares: 0,
    reposts: 0,
    isReposted: false,
    bookmarks: 0,
    isBookmarked: false,
    allowComments: true,
    poll: null,
    aiQuestion: null,
    aiAnswer: null,
    isAnonymous: false,
    isOwn: false,
    community: null,
    ...overrides,
  };
}
