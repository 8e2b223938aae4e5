import { normaliseText } from '@platform/read-store';
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
  /** The city of `location` folded (cityKeyOf), null without one: members near the viewer. */
  cityKey?: string | null;
  /** How many of their courses are in the catalogue now (published); `teacher` while any is (an index key: indexes match by equality). */
  teaching?: number;
  teacher?: boolean;
}

/**
 * The city a location names, folded like search text so that 'Nairobi, Kenya', 'nairobi' and
 * 'NAIROBI ' meet (and Arabic letter forms too): the part before the first comma.
 */
export function cityKeyOf(location: string | null | undefined): string | null {
  const city = normaliseText((location ?? '').split(/[,،]/)[0] ?? '');
  return city === '' ? null : city;
}

/**
 * By picture URL too: a stored picture is served only while a live profile shows it. By followers,
 * of everyone, of one city and of the teachers with published courses: the most followed members,
 * suggested to a member who follows nobody, and the active teachers suggested to everyone.
 */
export const profilesCollection: CollectionSpec = {
  name: PROFILES,
  indexes: [
    { fields: ['usernameLower'] },
    { fields: ['avatarUrl'] },
    { fields: ['bannerUrl'] },
    { fields: [], sort: { field: 'followers', type: 'number' } },
    { fields: ['cityKey'], sort: { field: 'followers', type: 'number' } },
    { fields: ['teacher'], sort: { field: 'followers', type: 'number' } },
  ],
};
