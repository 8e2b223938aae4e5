import { hash, verify } from '@node-rs/argon2';

import type { PasswordHashing } from '../../../src/platform/config';

// argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): about 30 ms here, and a native
// binary from the registry, so no build step at install. `fast` is for test runs only
// (platform/config/password-hashing.ts).
const OPTIONS = {
  baseline: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  fast: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export const hashPassword = (password: string, hashing: PasswordHashing = 'baseline') =>
  hash(password, OPTIONS[hashing]);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when no account matches keeps the timing of "no such user" the same. */
export const DUMMY_HASH: Record<PasswordHashing, string> = {
  baseline: '$argon2id$v=19$m=19456,t=2,p=1$JIyNOY1poRphv8rOeLXFPg$5DHAWO/QF2DUI8UpRvD7FxhQHJ7t4o/cSccxd61o0Gc',
  fast: '$argon2id$v=19$m=1024,t=1,p=1$IYESaR/SfLSpewiRQhCZ8g$dxzaHFMBATcpAtFZF9+qggImVD5ey2SGnigGx45heBg',
};

/** Hashing at one cost, and verifying a member's hash or, when there is none, the dummy at that cost. */
export function passwordsAt(hashing: PasswordHashing) {
  return {
    hash: (password: string) => hashPassword(password, hashing),
    verify: (passwordHash: string | undefined, password: string) =>
      verifyPassword(passwordHash ?? DUMMY_HASH[hashing], password),
  };
}
