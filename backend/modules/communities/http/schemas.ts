import { z } from 'zod';

import { SLUG } from '../domain/slug';
import { COMMUNITY_LIMITS as L } from '../limits';

const CATEGORIES = ['mosque', 'study_circle', 'family', 'sisters', 'brothers', 'youth', 'local', 'other'] as const;
const categoryMessage = 'Category must be one of mosque, study_circle, family, sisters, brothers, youth, local, other';
const text = (name: string, min: number, max: number) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` })
    .trim()
    .min(min, min === 1 ? `${name} is required` : `${name} must be at least ${min} characters`)
    .max(max, `${name} must be ${max} characters or less`);
const mediaId = z.string().uuid('Image not found').nullable().optional();

const profile = {
  name: text('Name', L.nameMin, L.nameMax),
  description: z
    .string({ invalid_type_error: 'Description must be text' })
    .trim()
    .max(L.descriptionMax, `Description must be ${L.descriptionMax} characters or less`),
  rules: z
    .array(text('Each rule', 1, L.ruleMax), { invalid_type_error: 'Rules must be a list of texts' })
    .max(L.rulesMax, `A community can have at most ${L.rulesMax} rules`),
  category: z.enum(CATEGORIES, { errorMap: () => ({ message: categoryMessage }) }),
  city: z
    .string({ invalid_type_error: 'City must be text' })
    .trim()
    .max(L.cityMax, `City must be ${L.cityMax} characters or less`),
  avatarMediaId: mediaId,
  bannerMediaId: mediaId,
};

export const createCommunitySchema = z
  .object({
    ...profile,
    description: profile.description.default(''),
    rules: profile.rules.default([]),
    city: profile.city.default(''),
    slug: z
      .string({ invalid_type_error: 'Address must be text' })
      .trim()
      .toLowerCase()
      .regex(SLUG, 'Address must be 3 to 40 lower-case letters, digits or dashes')
      .optional(),
    privacy: z.enum(['public', 'private'], { errorMap: () => ({ message: 'Privacy must be public or private' }) }),
  })
  .strict();

export const updateCommunitySchema = z.object(profile).partial().strict();

export const reasonSchema = z.object({ reason: text('Reason', 1, L.reasonMax) });
/** DELETE's body, which an owner may leave out: the reason (the app's moderators must give one). */
export const deleteSchema = z.preprocess(
  (body) => body ?? {},
  z
    .object({
      reason: z
        .string({ invalid_type_error: 'Reason must be text' })
        .trim()
        .max(L.reasonMax, `Reason must be ${L.reasonMax} characters or less`)
        .optional(),
    })
    .strict(),
);
export const inviteSchema = z.object({ username: text('Username', 1, 40) });
export const roleSchema = z.object({
  role: z.enum(['moderator', 'member'], { errorMap: () => ({ message: 'Role must be moderator or member' }) }),
});
export const ownerSchema = z.object({ userId: z.string().uuid('Member not found') });
export const settingsSchema = z
  .object({
    notify: z.enum(['all', 'pinned', 'none'], { errorMap: () => ({ message: 'Notify must be all, pinned or none' }) }),
    feedInHome: z.boolean({ invalid_type_error: 'feedInHome must be true or false' }),
  })
  .partial();
