import type { CommunityPatch } from '../api/communitiesApi';
import type { CommunityCategory, CommunityForm, CommunityPrivacy, CommunityView } from '../types';

/**
 * The limits the form checks before sending, the server's (backend/modules/communities/limits.ts, not
 * in the contract): a refusal is shown by its field rather than after a round trip.
 */
export const FORM_LIMITS = { nameMin: 3, name: 60, description: 1000, rule: 300, rules: 20, city: 60 } as const;
export const SLUG_PATTERN = /^[a-z0-9-]{3,40}$/;

/** An image field: unchanged (undefined), removed (null) or a new upload (its media id). */
export interface ImageChoice {
  mediaId: string | null | undefined;
  previewUrl: string | null;
}

export interface CommunityFormState {
  name: string;
  slug: string;
  description: string;
  rules: string[];
  category: CommunityCategory;
  city: string;
  privacy: CommunityPrivacy;
  avatar: ImageChoice;
  banner: ImageChoice;
}

export const EMPTY_FORM: CommunityFormState = {
  name: '',
  slug: '',
  description: '',
  rules: [],
  category: 'study_circle',
  city: '',
  privacy: 'public',
  avatar: { mediaId: undefined, previewUrl: null },
  banner: { mediaId: undefined, previewUrl: null },
};

export type FormErrorKey =
  | 'nameRequired'
  | 'nameTooShort'
  | 'nameTooLong'
  | 'slugFormat'
  | 'descriptionTooLong'
  | 'ruleTooLong'
  | 'tooManyRules'
  | 'cityTooLong';

export function formFromCommunity(community: CommunityView): CommunityFormState {
  return {
    name: community.name,
    slug: community.slug,
    description: community.description,
    rules: [...community.rules],
    category: community.category,
    city: community.city,
    privacy: community.privacy,
    avatar: { mediaId: undefined, previewUrl: community.avatarUrl },
    banner: { mediaId: undefined, previewUrl: community.bannerUrl },
  };
}

const filledRules = (rules: readonly string[]) => rules.map((rule) => rule.trim()).filter(Boolean);

export function validateForm(form: CommunityFormState, creating: boolean): FormErrorKey[] {
  const errors: FormErrorKey[] = [];
  const name = form.name.trim();
  if (!name) errors.push('nameRequired');
  else if (name.length < FORM_LIMITS.nameMin) errors.push('nameTooShort');
  else if (name.length > FORM_LIMITS.name) errors.push('nameTooLong');
  if (creating && form.slug.trim() && !SLUG_PATTERN.test(form.slug.trim())) errors.push('slugFormat');
  if (form.description.length > FORM_LIMITS.description) errors.push('descriptionTooLong');
  if (form.rules.some((rule) => rule.trim().length > FORM_LIMITS.rule)) errors.push('ruleTooLong');
  if (filledRules(form.rules).length > FORM_LIMITS.rules) errors.push('tooManyRules');
  if (form.city.trim().length > FORM_LIMITS.city) errors.push('cityTooLong');
  return errors;
}

/** The images only when chosen or removed: an untouched one is left as it is. */
function images(form: CommunityFormState): Pick<CommunityForm, 'avatarMediaId' | 'bannerMediaId'> {
  return {
    ...(form.avatar.mediaId !== undefined ? { avatarMediaId: form.avatar.mediaId } : {}),
    ...(form.banner.mediaId !== undefined ? { bannerMediaId: form.banner.mediaId } : {}),
  };
}

/** POST /api/communities: empty rules dropped, the slug left out when empty (the server makes one). */
export function createBody(form: CommunityFormState): CommunityForm {
  const slug = form.slug.trim();
  return {
    name: form.name.trim(),
    ...(slug ? { slug } : {}),
    description: form.description.trim(),
    rules: filledRules(form.rules),
    category: form.category,
    city: form.city.trim(),
    privacy: form.privacy,
    ...images(form),
  };
}

/** PATCH /api/communities/:slug: everything editable (not the slug, not the privacy). */
export function patchBody(form: CommunityFormState): CommunityPatch {
  const { slug: _slug, privacy: _privacy, ...rest } = createBody(form);
  return rest;
}

/** Moves one rule a place up (-1) or down (+1); out of range it stays. */
export function moveRule(rules: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (to < 0 || to >= rules.length) return [...rules];
  const next = [...rules];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
