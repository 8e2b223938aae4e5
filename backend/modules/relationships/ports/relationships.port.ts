/** How a member stands to the viewer: followed by them, following them. */
export interface FollowState {
  isFollowing: boolean;
  isFollowingBack: boolean;
}

/**
 * What other modules ask about relationships (the social feed, profiles, messaging, notifications).
 * Implemented by the relationships module over its read model; injected by this class as token.
 */
export abstract class RelationshipsQuery {
  /** Members whose posts and comments the viewer must not see: blocked by them, blocking them, or muted by them. */
  abstract hiddenAuthors(viewerId: string | null): Promise<Set<string>>;
  /** Members who block this member or whom this member blocks. */
  abstract blockedWith(userId: string): Promise<Set<string>>;
  /** True when either member has blocked the other. */
  abstract blockedEitherWay(a: string, b: string): Promise<boolean>;
  /** Members the viewer follows. */
  abstract followingIds(viewerId: string): Promise<string[]>;
  /** Whether the viewer follows each member and each member follows the viewer, in one read (absent: neither). */
  abstract followStates(viewerId: string, ids: readonly string[]): Promise<Map<string, FollowState>>;
  /** followingIds and hiddenAuthors together (the following feed), in fewer lookups than both apart. */
  abstract followingAndHidden(viewerId: string): Promise<{ following: string[]; hidden: Set<string> }>;
}
