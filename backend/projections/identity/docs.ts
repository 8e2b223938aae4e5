import type { Role } from '@modules/identity/events';

export const USERS = 'users';
export const SESSIONS = 'sessions';

/** A member as the app reads them. Never holds the password hash. */
export interface UserDoc {
  id: string;
  [key: string]: unknown;
  username: string;
  usernameLower: string;
  displayName: string;
  name: string;
  email: string;
  emailLower: string;
  role: Role;
  isEmailVerified: boolean;
  createdAt: string;
  avatarUrl: string | null;
  /** A moderator's suspension (issue 19); absent or null when none. */
  suspendedUntil?: string | null;
}

/** Whether a moderator's suspension holds now (it lapses by itself at `suspendedUntil`). */
export const suspendedNow = (user: Pick<UserDoc, 'suspendedUntil'>, now = Date.now()) =>
  !!user.suspendedUntil && Date.parse(user.suspendedUntil) > now;

export interface SessionDoc {
  /** sha256 of the cookie value: the read model never holds a usable session id. */
  id: string;
  [key: string]: unknown;
  userId: string;
  remember: boolean;
  createdAt: string;
  expiresAt: string;
}
