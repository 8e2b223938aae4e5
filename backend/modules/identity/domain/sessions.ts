import { newSecretToken } from '../crypto/secrets';

const DAY = 24 * 3600_000;
export const SESSION_TTL = { remember: 30 * DAY, browser: DAY } as const;

export interface NewSession {
  token: string;
  remember: boolean;
  expiresAt: string;
}

/** The token starts with the member's id (not a secret), so sessionUser reads both at once. */
export function newSession(userId: string, remember: boolean, now: Date): NewSession {
  return {
    token: `${userId}.${newSecretToken()}`,
    remember,
    expiresAt: iso(now, remember ? SESSION_TTL.remember : SESSION_TTL.browser),
  };
}

export const iso = (from: Date, plusMs: number) => new Date(from.getTime() + plusMs).toISOString();
