/**
 * Events of the profile stream (`profile-<userId>`). Everything a member writes about themselves
 * (name, bio, location, website, pictures) is personal data: it travels only inside `sealed`,
 * encrypted with the member's own key, so deleting the account shreds it from the log too.
 */
export interface ProfileFields {
  displayName: string;
  bio: string | null;
  location: string | null;
  website: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
}

export type ProfileField = keyof ProfileFields;

export type ProfileEvent = {
  type: 'ProfileUpdated';
  /** fields names what changed (for the audit trail); sealed holds their new values. */
  data: { userId: string; fields: ProfileField[]; sealed: string; updatedAt: string };
};

export const profileStream = (userId: string) => `profile-${userId}`;

/** The spec's limits (part 1 §5 and §9). */
export const PROFILE_LIMITS = { displayName: 50, bio: 160, location: 100, website: 200 } as const;
