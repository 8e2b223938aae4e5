import type { KeyUnder } from '@/i18n';

/** §9 Profile limits. */
export const PROFILE_LIMITS = { displayName: 50, bio: 160, location: 100, website: 200 } as const;
/** §5: a profile image must be under 5MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface ProfileFormValues {
  displayName: string;
  bio: string;
  location: string;
  website: string;
}

export type ProfileFormField = keyof ProfileFormValues;
/** i18n keys under `profile.validation.` */
export type ProfileFormErrors = Partial<Record<ProfileFormField, KeyUnder<'profile.validation'>>>;

/** Adds https:// to a bare domain ("example.com") so members need not type the scheme. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/** The server accepts http(s) URLs with a dotted host name; the form checks the same. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** §5 Profile edit form: displayName required, at most 50; bio at most 160; location at most 100; website a URL. */
export function validateProfileForm(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  const displayName = values.displayName.trim();
  if (displayName === '') errors.displayName = 'displayNameRequired';
  else if (displayName.length > PROFILE_LIMITS.displayName) errors.displayName = 'displayNameMax';
  if (values.bio.trim().length > PROFILE_LIMITS.bio) errors.bio = 'bioMax';
  if (values.location.trim().length > PROFILE_LIMITS.location) errors.location = 'locationMax';
  const website = normalizeWebsite(values.website);
  if (website !== '' && (website.length > PROFILE_LIMITS.website || !isWebUrl(website)))
    errors.website = 'websiteInvalid';
  return errors;
}

/** §5 Profile image: an image type under 5MB. Returns an i18n key under `profile.validation.`, or null. */
export function validateImageFile(file: File): 'imageType' | 'imageSize' | null {
  if (!file.type.startsWith('image/')) return 'imageType';
  if (file.size >= IMAGE_MAX_BYTES) return 'imageSize';
  return null;
}
