/**
 * Events of the user stream (`user-<id>`). Personal data (email, names, password hash) travels only
 * inside `sealed`, encrypted with the member's own key: deleting the key (crypto-shredding) leaves
 * the log with nothing readable about a deleted member.
 */
export type Role = 'member' | 'vendor' | 'moderator' | 'admin';
export const ROLES: readonly Role[] = ['member', 'vendor', 'moderator', 'admin'];

/** Moderators and admins: who may act on others' content and accounts and review applications. */
export const isStaff = (role: Role): boolean => role === 'moderator' || role === 'admin';

/** What `sealed` holds once opened. */
export interface PersonalData {
  email: string;
  displayName: string;
  name: string;
  passwordHash: string;
}

export type UserEvent =
  | {
      type: 'UserRegistered';
      data: { userId: string; username: string; role: Role; sealed: string; registeredAt: string };
    }
  | { type: 'EmailVerificationIssued'; data: { tokenHash: string; expiresAt: string } }
  | { type: 'EmailVerified'; data: { verifiedAt: string } }
  | { type: 'SessionStarted'; data: { sessionHash: string; remember: boolean; startedAt: string; expiresAt: string } }
  | { type: 'SessionEnded'; data: { sessionHash: string; reason: 'logout' } }
  | { type: 'PasswordResetRequested'; data: { tokenHash: string; expiresAt: string } }
  /** Also ends every session of the member. */
  | { type: 'PasswordReset'; data: { tokenHash: string; sealed: string; resetAt: string } }
  | { type: 'RoleChanged'; data: { role: Role; previousRole: Role } }
  /** A moderator suspended the member until a time: every session ends, sign-in is refused until then. */
  | { type: 'MemberSuspended'; data: { until: string; reason: string; moderatorId: string; at: string } }
  | { type: 'MemberUnsuspended'; data: { reason: string; moderatorId: string; at: string } }
  | { type: 'AccountDeleted'; data: { deletedAt: string } };

export type UserEventType = UserEvent['type'];

/** Reservation streams make usernames and emails unique without reading a read model. */
export type ReservationEvent =
  | { type: 'NameReserved'; data: { userId: string } }
  | { type: 'NameReleased'; data: { userId: string } };

export const userStream = (userId: string) => `user-${userId}`;
