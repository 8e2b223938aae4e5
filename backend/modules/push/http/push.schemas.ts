import { createECDH } from 'node:crypto';

import { z } from 'zod';

import { PUSH_CATEGORIES, PUSH_LANGUAGES } from '../events';
import { MAX_ENDPOINT_LENGTH } from '../push-endpoints';

export const PUSH_MESSAGES = {
  endpointRequired: 'endpoint is required',
  endpointTooLong: `endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters`,
  endpointNotAllowed: 'endpoint must be the address of a browser push service',
  endpointTaken: 'This push subscription belongs to another account',
  keysRequired: 'keys is required: { p256dh, auth } from the browser’s PushSubscription',
  p256dh: 'keys.p256dh must be a P-256 public key: 65 bytes, base64url',
  auth: 'keys.auth must be 16 bytes, base64url',
  language: `language must be one of ${PUSH_LANGUAGES.join(', ')}`,
  noCategory: `Send at least one of ${PUSH_CATEGORIES.join(', ')}`,
  category: 'must be true or false',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const bytes = (v: string) => (BASE64URL.test(v) ? Buffer.from(v, 'base64url') : null);

/** A point on P-256, or encrypting to it would fail at every send (and be retried for nothing). */
function isP256Point(v: string): boolean {
  const key = bytes(v);
  if (!key || key.length !== 65 || key[0] !== 4) return false;
  try {
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

export const subscriptionSchema = z.object({
  endpoint: z
    .string({ required_error: PUSH_MESSAGES.endpointRequired, invalid_type_error: PUSH_MESSAGES.endpointRequired })
    .min(1, PUSH_MESSAGES.endpointRequired)
    .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.endpointTooLong),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ required_error: PUSH_MESSAGES.p256dh }).max(100, PUSH_MESSAGES.p256dh).refine(isP256Point, {
        message: PUSH_MESSAGES.p256dh,
      }),
      auth: z
        .string({ required_error: PUSH_MESSAGES.auth })
        .max(30, PUSH_MESSAGES.auth)
        .refine((v) => bytes(v)?.length === 16, { message: PUSH_MESSAGES.auth }),
    },
    { required_error: PUSH_MESSAGES.keysRequired, invalid_type_error: PUSH_MESSAGES.keysRequired },
  ),
  language: z.enum(PUSH_LANGUAGES, { errorMap: () => ({ message: PUSH_MESSAGES.language }) }).default('en'),
});

export const endpointSchema = z.object({
  endpoint: z
    .string({ required_error: PUSH_MESSAGES.endpointRequired, invalid_type_error: PUSH_MESSAGES.endpointRequired })
    .min(1, PUSH_MESSAGES.endpointRequired)
    .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.endpointTooLong),
});

const flag = z.boolean({ invalid_type_error: PUSH_MESSAGES.category });

export const settingsSchema = z
  .object({ messages: flag.optional(), social: flag.optional(), courses: flag.optional(), donations: flag.optional() })
  .strict()
  .refine((s) => Object.keys(s).length > 0, { message: PUSH_MESSAGES.noCategory });
