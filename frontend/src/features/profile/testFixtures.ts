import { makePost } from '@/resources/posts/testing';
import { MEMBER } from '@/testing/render';

import type { Post } from '../posts';
import type { Profile } from './types';

/** Test data for the profile tests (not used by the app). */
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

export const OWN_PROFILE = profileOf({
  id: MEMBER.id,
  username: MEMBER.username,
  displayName: MEMBER.displayName,
  isOwner: true,
  verified: false,
  isVerified: false,
});

/** A text post by `author` (by default the profile above). */
export function postOf(
  id: string,
  content: string,
  author: Pick<Profile, 'id' | 'username' | 'displayName'> = profileOf(),
): Post {
  const user = {
    id: author.id,
    name: author.displayName,
    displayName: author.displayName,
    username: author.username,
    profileImage: null,
    avatarUrl: null,
    isVerified: false,
  };
  return makePost({ id, content, userId: author.id, user, createdAt: '2026-01-02T00:00:00.000Z' });
}
