import type { ReplyView } from '@contract';

export type {
  FollowListItem,
  FollowListPage,
  FollowState,
  Profile,
  ProfileCounts,
  Relationship,
  RelationshipAnswer,
} from '@/resources/profiles';

export type FollowList = 'followers' | 'following';

/** A comment of the member on the Replies tab; `originalPost` is what it answers. */
export type Reply = ReplyView;

export type ProfileTab = 'posts' | 'replies' | 'media' | 'likes';
export const PROFILE_TABS: readonly ProfileTab[] = ['posts', 'replies', 'media', 'likes'];
