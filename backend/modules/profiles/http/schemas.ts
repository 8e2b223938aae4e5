import { z } from 'zod';

import { PROFILE_LIMITS } from '../events';

/** Blank clears an optional field; null and absent leave it as it is. */
const optionalText = (max: number, message: string) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .max(max, message)
    .transform((s) => (s === '' ? null : s))
    .optional();

/**
 * The profile edit form (spec part 1 §5). Every field is optional so the Edit Profile modal can
 * send only bio and picture; a display name that is sent must not be blank.
 */
export const profileUpdateSchema = z.object({
  displayName: z
    .string({ invalid_type_error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(PROFILE_LIMITS.displayName, 'Display name must be 50 characters or less')
    .optional(),
  bio: optionalText(PROFILE_LIMITS.bio, 'Bio must be 160 characters or less'),
  location: optionalText(PROFILE_LIMITS.location, 'Location must be 100 characters or less'),
  website: z
    .string({ invalid_type_error: 'Website must be a valid URL' })
    .trim()
    .max(PROFILE_LIMITS.website, 'Website must be a valid URL')
    .refine((s) => s === '' || isWebUrl(s), 'Website must be a valid URL')
    .transform((s) => (s === '' ? null : s))
    .optional(),
});

export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

function isWebUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}
