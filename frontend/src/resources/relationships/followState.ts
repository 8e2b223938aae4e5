import type { Relationship } from '@/resources/profiles';

/** What the follow button says: 'Following', 'Follow Back' (they follow me) or 'Follow' (spec part 1 §2). */
export type FollowButtonLabel = 'following' | 'followBack' | 'follow';

export function followButtonLabel(
  relationship: Pick<Relationship, 'isFollowing' | 'isFollowingBack'> | undefined,
): FollowButtonLabel {
  if (relationship?.isFollowing) return 'following';
  if (relationship?.isFollowingBack) return 'followBack';
  return 'follow';
}

/** Counts move by one with the follow, never below zero. */
export function shiftCount(count: number | undefined, by: 1 | -1): number {
  return Math.max(0, (count ?? 0) + by);
}
