import type { CollectionSpec } from '@platform/read-store/read-store.port';

export const PROFILES = 'profiles';

/** A member's public profile as the profile screen, lists and post cards read it. */
export interface ProfileDoc {
  id: string;
  [key: string]: unknown;
  username: string;
  usernameLower: string;
  displayName: string;
  avatarUrl: string | null;
  bannerUrl: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  createdAt: string;
  verified: boolean;
  followers: number;
  following: number;
}

/** By picture URL too: a stored picture is served only while a live profile shows it. */
export const profilesCollection: CollectionSpec = {
  name: PROFILES,
  indexes: [{ fields: ['usernameLower'] }, { fields: ['avatarUrl'] }, { fields: ['bannerUrl'] }],
};
