/**
 * Finding people: the suggestions of `GET /api/users/suggestions` (backend/modules/relationships)
 * and the search box's people as the member types, `GET /api/search/people` (backend/modules/search).
 */
import type { UserSearchResult } from './search';

/** A member named in a suggestion's reason: one the viewer follows, who follows the suggested member. */
export interface SuggestionNamer {
  id: string;
  username: string;
  displayName: string;
}

/**
 * Why a member is suggested: followed by people the viewer follows (up to two named, the rest
 * counted), else a teacher with courses in the catalogue now (`courses`: how many), else among the
 * most followed members of the viewer's city, else of everyone (`new`: nobody follows anyone yet, so
 * the newest members).
 */
export type SuggestionReason =
  | { kind: 'followedBy'; names: SuggestionNamer[]; othersCount: number }
  | { kind: 'teacher'; courses: number }
  | { kind: 'sameCity'; city: string }
  | { kind: 'popular'; followers: number }
  | { kind: 'new' };

/** A suggested member, with the viewer's follow state for its Follow button. */
export interface SuggestedMemberView {
  id: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  bio: string | null;
  verified: boolean;
  followers: number;
  /** False when served (followed members are never suggested); a follow from the list sets it. */
  isFollowing: boolean;
  /** They follow the viewer: the button reads Follow Back. */
  isFollowingBack: boolean;
  reason: SuggestionReason;
}

/** `GET /api/users/suggestions?limit=` (signed in; limit 1 to 20, default 10), best first. */
export interface SuggestionsView {
  users: SuggestedMemberView[];
}

/** `GET /api/search/people?q=&limit=`: members whose name or username starts with the text, best first. */
export interface PeopleSearchView {
  users: UserSearchResult[];
}
