/**
 * Events of a relationship stream. One stream per unordered pair of members holds both directions
 * of follow, block and mute, so "block removes follows both ways" and "a blocked member can't
 * follow the blocker" are decided on one consistent state under one optimistic-concurrency check.
 */
export type RelationshipEvent =
  /** reason 'block': the follow ended because one side blocked the other (no notification). */
  | { type: 'UserFollowed'; data: { followerId: string; followeeId: string; at: string } }
  | {
      type: 'UserUnfollowed';
      data: { followerId: string; followeeId: string; at: string; reason: 'unfollow' | 'block' };
    }
  | { type: 'UserBlocked'; data: { blockerId: string; blockedId: string; at: string } }
  | { type: 'UserUnblocked'; data: { blockerId: string; blockedId: string; at: string } }
  | { type: 'UserMuted'; data: { muterId: string; mutedId: string; at: string } }
  | { type: 'UserUnmuted'; data: { muterId: string; mutedId: string; at: string } };

export type RelationshipEventType = RelationshipEvent['type'];

export const RELATIONSHIP_EVENT_TYPES: readonly RelationshipEventType[] = [
  'UserFollowed',
  'UserUnfollowed',
  'UserBlocked',
  'UserUnblocked',
  'UserMuted',
  'UserUnmuted',
];

/** The pair's stream, the same whichever member acts. */
export function relationshipStream(a: string, b: string): string {
  const [x, y] = a < b ? [a, b] : [b, a];
  return `relationship-${x}-${y}`;
}
