import { z } from 'zod';

import { MEDIA_PURPOSES } from '../domain/media-types';

/** POST /api/uploads/init (spec part 2 §7), plus an optional purpose for the video composer. */
export const initUploadSchema = z.object({
  filename: z
    .string({ required_error: 'filename is required', invalid_type_error: 'filename is required' })
    .trim()
    .min(1, 'filename is required')
    .max(255, 'filename must be at most 255 characters'),
  fileSize: z
    .number({ required_error: 'fileSize is required', invalid_type_error: 'fileSize must be a number' })
    .int('fileSize must be a whole number')
    .positive('fileSize must be positive'),
  fileType: z
    .string({ invalid_type_error: 'fileType must be text' })
    .max(100, 'fileType must be at most 100 characters')
    .default(''),
  totalChunks: z
    .number({ required_error: 'totalChunks is required', invalid_type_error: 'totalChunks must be a number' })
    .int('totalChunks must be a whole number')
    .positive('totalChunks must be positive'),
  checksum: z
    .string({ required_error: 'checksum is required', invalid_type_error: 'checksum is required' })
    .regex(/^[0-9a-fA-F]{64}$/, 'checksum must be a SHA-256 hex digest'),
  metadata: z
    .record(z.unknown())
    .default({})
    .refine((m) => JSON.stringify(m).length <= 2000, 'metadata is too large'),
  purpose: z.enum(MEDIA_PURPOSES).default('post'),
  /**
   * The finished file is seen by its uploader alone until something shares it (a direct message
   * shares it with the conversation's two members); default false: anyone may see it.
   */
  private: z.boolean({ invalid_type_error: 'private must be true or false' }).default(false),
});
