import type { RateBudget } from '@platform/http';

export const COMMUNITY_LIMITS = {
  nameMin: 3,
  nameMax: 60,
  slugMin: 3,
  slugMax: 40,
  descriptionMax: 1000,
  rulesMax: 20,
  ruleMax: 300,
  cityMax: 60,
  reasonMax: 500,
  /** Announcements pinned at the top of a community's feed. */
  pinsMax: 5,
  pageSize: 20,
  maxPageSize: 50,
} as const;

export const COMMUNITY_MESSAGES = {
  notFound: 'Community not found',
  slugTaken: 'That community address is taken',
  notModerator: "Only the community's moderators can do that",
  notOwner: "Only the community's owner can do that",
  deleteReason: 'Say why the community is deleted',
  notOverOwner: "The community's owner cannot be moderated",
  notOverModerator: 'Only the owner can act on a moderator',
  notYourself: 'You cannot do that to yourself',
  banned: 'You are banned from this community',
  invitedBanned: 'This member is banned from the community',
  alreadyMember: 'This member is already in the community',
  ownerCannotLeave: 'Hand ownership to another member before leaving',
  noRequest: 'No join request from this member',
  notMember: 'This member is not in the community',
  notMemberYou: 'You are not a member of this community',
  privateCommunity: 'This community is private: join it to see its posts',
  mutedMember: 'You are muted in this community',
  tooManyPins: 'A community can pin at most 5 posts',
  postNotInCommunity: 'That post is not in this community',
  verifyFirst: 'Verify your email to create a community',
  badRole: 'role must be one of: owner, moderator, member',
} as const;

/** Community writes per member per hour: plenty for people, a wall for join or invite spam. */
export const COMMUNITY_BUDGET = {
  name: 'communities',
  member: { limit: 300, windowMs: 60 * 60_000 },
  ip: { limit: 1500, windowMs: 60 * 60_000 },
} as const satisfies RateBudget;
