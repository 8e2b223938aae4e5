import { z } from 'zod';

import { VIDEO_POST_LIMITS, VIDEO_POST_MESSAGES } from '../limits';
import { communityIdField } from './schemas';

const flag = (name: string) =>
  z.union([z.boolean(), z.string()], { invalid_type_error: `${name} must be true or false` }).transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    const t = v.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(t)) return true;
    if (['false', '0', 'off', 'no'].includes(t)) return false;
    ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
    return z.NEVER;
  });

/** A declared number from a form field ('' = not given). */
const measure = (name: string) =>
  z
    .union([z.number(), z.string()], { invalid_type_error: `${name} must be a number` })
    .transform((v, ctx) => {
      if (v === '') return null;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a number of at least 0` });
        return z.NEVER;
      }
      return n;
    })
    .optional()
    .transform((v) => v ?? null);

const caption = z
  .string({ invalid_type_error: 'Caption must be text' })
  .max(VIDEO_POST_LIMITS.captionMax, VIDEO_POST_MESSAGES.captionTooLong)
  .default('');

/** Spec part 2 §3 Video post submission (userId is the session's; a different one is ignored). */
export const videoPostFormSchema = z.object({
  content: caption,
  /** A clip already sent through the chunked upload API; ignored when the form carries the file. */
  mediaId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ invalid_type_error: VIDEO_POST_MESSAGES.uploadNotFound })
      .uuid(VIDEO_POST_MESSAGES.uploadNotFound)
      .optional()
      .transform((v) => v ?? null),
  ),
  allowComments: flag('allowComments').default(true),
  communityId: communityIdField,
  videoDuration: measure('videoDuration'),
  videoWidth: measure('videoWidth'),
  videoHeight: measure('videoHeight'),
  videoSize: measure('videoSize'),
  videoFormat: z
    .string({ invalid_type_error: 'videoFormat must be text' })
    .max(100, 'videoFormat must be at most 100 characters')
    .optional()
    .transform((v) => v || null),
});

/** Spec part 2 §3 Video draft; `id` overwrites one of the member's drafts, else a new one is made. */
export const videoDraftSchema = z.object({
  id: z.string().uuid('Draft not found').optional(),
  caption,
  videoFile: z
    .object({
      name: z
        .string({ required_error: 'videoFile.name is required' })
        .max(255, 'videoFile.name must be at most 255 characters'),
      size: z
        .number({ required_error: 'videoFile.size is required', invalid_type_error: 'videoFile.size must be a number' })
        .nonnegative('videoFile.size must be at least 0'),
      type: z.string().max(100, 'videoFile.type must be at most 100 characters').default(''),
    })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  metadata: z
    .record(z.unknown())
    .default({})
    .refine((m) => JSON.stringify(m).length <= VIDEO_POST_LIMITS.metadataJsonMax, 'metadata is too large'),
  allowComments: z.boolean({ invalid_type_error: 'allowComments must be true or false' }).default(true),
  mediaId: z
    .string()
    .uuid(VIDEO_POST_MESSAGES.videoNotFound)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
