import { z } from 'zod';

/**
 * How hard passwords are hashed (argon2id, modules/identity/crypto/passwords.ts). `baseline` is
 * OWASP's (19 MiB, 2 passes), always in production. `fast` (1 MiB, 1 pass) is for test runs, where
 * about a thousand sign-ups each paid ~30 ms of CPU for strength no test needs; it is what
 * NODE_ENV=test gets unless PASSWORD_HASHING says otherwise, as Rails' and Django's test settings do.
 * Hashes carry their own parameters, so either setting verifies the other's.
 */
const COSTS = ['baseline', 'fast'] as const;
export type PasswordHashing = (typeof COSTS)[number];

export const PASSWORD_HASHING_SCHEMA = { PASSWORD_HASHING: z.enum(COSTS).optional() };

type Settings = { NODE_ENV: string; PASSWORD_HASHING?: PasswordHashing | undefined };

export function passwordHashing(e: Settings): PasswordHashing {
  return e.PASSWORD_HASHING ?? (e.NODE_ENV === 'test' ? 'fast' : 'baseline');
}

export function passwordHashingProblems(e: Settings) {
  return e.PASSWORD_HASHING === 'fast' && e.NODE_ENV === 'production'
    ? [{ variable: 'PASSWORD_HASHING', message: 'cannot be fast with NODE_ENV=production' }]
    : [];
}
