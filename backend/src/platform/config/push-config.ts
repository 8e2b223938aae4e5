import { z } from 'zod';

/**
 * Web Push settings (issue 37). VAPID keys sign every push; without them the app keeps a generated
 * pair in the read store (modules/push/vapid-keys.ts), as it does the session secret. The endpoint
 * origins are the only places a member's subscription may make the server send a request to.
 */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes, {
      message: `must be ${what} (${bytes} bytes, base64url)`,
    });

/**
 * Push services the browsers use: Chrome and Edge (FCM), Firefox (Mozilla autopush), Safari (Apple),
 * Windows apps (WNS). A subscription naming any other origin is refused.
 */
export const DEFAULT_PUSH_ENDPOINT_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://android.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
];

/** `scheme://host[:port]`: the host may start with `*.` (any subdomain), the port may be `*`. */
const ORIGIN_PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*)(:(\d{1,5}|\*))?$/;

export const PUSH_CONFIG_SCHEMA = {
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 public key').optional(),
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key').optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  PUSH_ENDPOINT_ORIGINS: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((o) => ORIGIN_PATTERN.test(o)), {
      message:
        'must be a comma-separated list of origins such as https://fcm.googleapis.com or https://*.push.apple.com',
    })
    .optional(),
  PUSH_TIMEOUT_MS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 100 && n <= 60_000, 'must be between 100 and 60000')
    .default('10000'),
} as const;

type PushEnv = {
  NODE_ENV: 'development' | 'production' | 'test';
  PUBLIC_URL?: string | undefined;
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  PUSH_ENDPOINT_ORIGINS?: string[] | undefined;
};

/** Half a key pair signs nothing; a plain-http push service in production would expose every payload's metadata. */
export function pushConfigProblems(e: PushEnv): { variable: string; message: string }[] {
  const problems: { variable: string; message: string }[] = [];
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push({
      variable: e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
      message: 'is required with the other VAPID key (set both, or neither to have a pair generated)',
    });
  if (e.NODE_ENV === 'production' && e.PUSH_ENDPOINT_ORIGINS?.some((o) => !o.startsWith('https://')))
    problems.push({ variable: 'PUSH_ENDPOINT_ORIGINS', message: 'must list https:// origins only in production' });
  return problems;
}

export function pushConfig(e: PushEnv & { PUSH_TIMEOUT_MS: number }) {
  const publicUrl = e.PUBLIC_URL ?? '';
  return {
    /** Both keys (base64url) when configured; else generated once and kept in the read store. */
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    /** Who push services contact about this sender (RFC 8292 `sub`). */
    subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:no-reply@deenconnect.local'),
    endpointOrigins: e.PUSH_ENDPOINT_ORIGINS ?? DEFAULT_PUSH_ENDPOINT_ORIGINS,
    /** One request to a push service, connection to answer. */
    timeoutMs: e.PUSH_TIMEOUT_MS,
  };
}
