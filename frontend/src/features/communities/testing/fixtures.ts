import type { PostAuthor } from '@contract';

import type { CommunityMemberView, CommunityView, CommunityViewerState } from '../types';

/** Test data only: communities, members and standings as the API answers them. */
export const MEMBER_STATE: CommunityViewerState = {
  standing: 'member',
  role: 'member',
  muted: false,
  notify: 'all',
  feedInHome: true,
};

export const OUTSIDER: CommunityViewerState = { ...MEMBER_STATE, standing: 'none', role: null };

export function makeCommunity(overrides: Partial<CommunityView> = {}): CommunityView {
  const slug = overrides.slug ?? 'tajweed-circle';
  return {
    id: `c-${slug}`,
    slug,
    name: 'Tajweed Circle',
    description: 'Reading the Quran well, together.',
    avatarUrl: null,
    bannerUrl: null,
    rules: ['Be kind', 'No spam'],
    category: 'study_circle',
    city: 'Nairobi',
    privacy: 'public',
    ownerId: 'u9',
    memberCount: 12,
    postCount: 4,
    createdAt: '2026-01-05T10:00:00.000Z',
    me: OUTSIDER,
    ...overrides,
  };
}

export const person = (id: string, name: string): PostAuthor => ({
  id,
  name,
  displayName: name,
  username: name.toLowerCase(),
  profileImage: null,
  avatarUrl: null,
  isVerified: false,
});

export function makeMember(
  id: string,
  name: string,
  overrides: Partial<CommunityMemberView> = {},
): CommunityMemberView {
  return { user: person(id, name), role: 'member', joinedAt: '2026-02-01T10:00:00.000Z', muted: false, ...overrides };
}

/** `{ communities, nextCursor }` */
export const page = (communities: CommunityView[], nextCursor: string | null = null) => ({ communities, nextCursor });
