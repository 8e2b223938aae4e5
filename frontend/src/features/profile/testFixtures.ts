import { MEMBER } from '../../testing/render';
import type { Post } from '../posts';
import type { Profile } from './types';

/** Test data for the profile tests (not used by the app). */
export const SIGNED_IN_ROUTES = {
  'GET /api/auth/csrf': { body: { csrfToken: 'tok' } },
  'GET /api/auth/me': { body: { user: MEMBER } },
};

export function profileOf(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'u2',
    username: 'bilal',
    displayName: 'Bilal Hassan',
    name: 'Bilal Hassan',
    avatarUrl: null,
    profileImage: null,
    bannerUrl: null,
    bio: 'Student of knowledge',
    location: 'Nairobi',
    website: 'https://bilal.example.org',
    createdAt: '2025-03-10T00:00:00.000Z',
    verified: true,
    isVerified: true,
    counts: { posts: 12, followers: 85, following: 1, likes: 3 },
    isOwner: false,
    myFollowState: 'not_following',
    relationship: { isFollowing: false, isFollowingBack: false, isBlocked: false, hasBlockedMe: false, isMuted: false },
    isReduced: false,
    blockedMessage: null,
    ...overrides,
  };
}

export const OWN_PROFILE = profileOf({ id: MEMBER.id, username: MEMBER.username, displayName: MEMBER.displayName, isOwner: true, verified: false, isVerified: false });

export function postOf(id: string, content: string, author: Pick<Profile, 'id' | 'username' | 'displayName'> = profileOf()): Post {
  const user = { id: author.id, name: author.displayName, displayName: author.displayName, username: author.username, profileImage: null, avatarUrl: null, isVerified: false };
  return {
    id, userId: author.id, user, content, type: 'text', hashtags: [], mentions: [], imageUrl: null, imageUrls: [], videoUrl: null,
    videoThumbnailUrl: null, videoDuration: null, audioUrl: null, quotedPostId: null, quotedPost: null, createdAt: '2026-01-02T00:00:00.000Z',
    editedAt: null, isPinned: false, likes: 0, likeCount: 0, isLiked: false, likedByMe: false, commentsCount: 0, commentCount: 0, shares: 0,
    reposts: 0, isReposted: false, bookmarks: 0, isBookmarked: false, poll: null,
  };
}

/** A promise with its resolve handle, to hold a response until the test has looked. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
