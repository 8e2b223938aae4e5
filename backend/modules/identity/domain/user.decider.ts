import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import { isStaff, type Role, type UserEvent } from '../events';

export interface UserState {
  exists: boolean;
  deleted: boolean;
  userId: string | null;
  username: string | null;
  role: Role;
  emailVerified: boolean;
  sealed: string | null;
  verification: { tokenHash: string; expiresAt: string } | null;
  reset: { tokenHash: string; expiresAt: string } | null;
  /** Reset token hashes already used: a link works once. */
  usedResetTokens: string[];
  sessions: string[];
  /** Until when a moderator suspended the member (sign-in refused before then), else null. */
  suspendedUntil: string | null;
}

export type UserCommand =
  | {
      type: 'Register';
      userId: string;
      username: string;
      sealed: string;
      now: string;
      verification: { tokenHash: string; expiresAt: string };
    }
  | { type: 'IssueVerification'; tokenHash: string; expiresAt: string }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  | { type: 'StartSession'; sessionHash: string; remember: boolean; now: string; expiresAt: string }
  | { type: 'EndSession'; sessionHash: string }
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string }
  | { type: 'ResetPassword'; tokenHash: string; sealed: string; now: string }
  | { type: 'ChangeRole'; role: Role }
  | { type: 'Suspend'; until: string; reason: string; moderatorId: string; moderatorRole: Role; now: string }
  | { type: 'Unsuspend'; reason: string; moderatorId: string; moderatorRole: Role; now: string }
  | { type: 'DeleteAccount'; now: string };

export const INVALID_RESET = 'This password reset link is invalid or has expired.';
export const SUSPENSION_MESSAGES = {
  suspended: (until: string) => `Your account is suspended until ${until}.`,
  moderatorsOnly: 'Only moderators and admins can do this',
  untilInPast: 'The suspension must end in the future',
  notSuspended: 'This member is not suspended',
  staffNotSuspended: 'Moderators and admins cannot be suspended',
} as const;

export const isSuspended = (s: UserState, now: string) => s.suspendedUntil !== null && s.suspendedUntil > now;

const initialState = (): UserState => ({
  exists: false,
  deleted: false,
  userId: null,
  username: null,
  role: 'member',
  emailVerified: false,
  sealed: null,
  verification: null,
  reset: null,
  usedResetTokens: [],
  sessions: [],
  suspendedUntil: null,
});

function evolve(s: UserState, e: UserEvent): UserState {
  switch (e.type) {
    case 'UserRegistered':
      return {
        ...s,
        exists: true,
        userId: e.data.userId,
        username: e.data.username,
        role: e.data.role,
        sealed: e.data.sealed,
      };
    case 'EmailVerificationIssued':
      return { ...s, verification: { tokenHash: e.data.tokenHash, expiresAt: e.data.expiresAt } };
    case 'EmailVerified':
      return { ...s, emailVerified: true, verification: null };
    case 'SessionStarted':
      return { ...s, sessions: [...s.sessions, e.data.sessionHash] };
    case 'SessionEnded':
      return { ...s, sessions: s.sessions.filter((h) => h !== e.data.sessionHash) };
    case 'PasswordResetRequested':
      return { ...s, reset: { tokenHash: e.data.tokenHash, expiresAt: e.data.expiresAt } };
    case 'PasswordReset':
      return {
        ...s,
        sealed: e.data.sealed,
        reset: null,
        usedResetTokens: [...s.usedResetTokens, e.data.tokenHash],
        sessions: [],
      };
    case 'RoleChanged':
      return { ...s, role: e.data.role };
    case 'MemberSuspended':
      return { ...s, suspendedUntil: e.data.until, sessions: [] };
    case 'MemberUnsuspended':
      return { ...s, suspendedUntil: null };
    case 'AccountDeleted':
      return { ...s, deleted: true, sealed: null, sessions: [], verification: null, reset: null };
  }
}

function decide(s: UserState, c: UserCommand): UserEvent[] {
  if (c.type === 'Register') {
    if (s.exists) throw new DomainError('USER_EXISTS', 'This account already exists', 409);
    return [
      {
        type: 'UserRegistered',
        data: { userId: c.userId, username: c.username, role: 'member', sealed: c.sealed, registeredAt: c.now },
      },
      { type: 'EmailVerificationIssued', data: c.verification },
    ];
  }
  if (!s.exists || s.deleted) throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
  switch (c.type) {
    case 'IssueVerification':
      if (s.emailVerified) throw new DomainError('ALREADY_VERIFIED', 'Your email is already verified.', 400);
      return [{ type: 'EmailVerificationIssued', data: { tokenHash: c.tokenHash, expiresAt: c.expiresAt } }];
    case 'VerifyEmail':
      if (s.emailVerified) return [];
      if (!s.verification || s.verification.tokenHash !== c.tokenHash) {
        throw new DomainError('INVALID_TOKEN', 'Invalid or expired verification link. Please request a new one.', 400);
      }
      if (s.verification.expiresAt <= c.now) {
        throw new DomainError('TOKEN_EXPIRED', 'Verification link has expired. Please request a new one.', 400);
      }
      return [{ type: 'EmailVerified', data: { verifiedAt: c.now } }];
    case 'StartSession':
      if (isSuspended(s, c.now))
        throw new DomainError('SUSPENDED', SUSPENSION_MESSAGES.suspended(s.suspendedUntil!), 403);
      return [
        {
          type: 'SessionStarted',
          data: { sessionHash: c.sessionHash, remember: c.remember, startedAt: c.now, expiresAt: c.expiresAt },
        },
      ];
    case 'EndSession':
      return s.sessions.includes(c.sessionHash)
        ? [{ type: 'SessionEnded', data: { sessionHash: c.sessionHash, reason: 'logout' } }]
        : [];
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { tokenHash: c.tokenHash, expiresAt: c.expiresAt } }];
    case 'ResetPassword':
      if (
        !s.reset ||
        s.reset.tokenHash !== c.tokenHash ||
        s.usedResetTokens.includes(c.tokenHash) ||
        s.reset.expiresAt <= c.now
      ) {
        throw new DomainError('INVALID_RESET_TOKEN', INVALID_RESET, 400);
      }
      return [{ type: 'PasswordReset', data: { tokenHash: c.tokenHash, sealed: c.sealed, resetAt: c.now } }];
    case 'ChangeRole':
      return c.role === s.role ? [] : [{ type: 'RoleChanged', data: { role: c.role, previousRole: s.role } }];
    case 'DeleteAccount':
      return [{ type: 'AccountDeleted', data: { deletedAt: c.now } }];
    case 'Suspend':
      if (!isStaff(c.moderatorRole)) throw new DomainError('FORBIDDEN', SUSPENSION_MESSAGES.moderatorsOnly, 403);
      if (isStaff(s.role)) throw new DomainError('FORBIDDEN', SUSPENSION_MESSAGES.staffNotSuspended, 403);
      if (!(c.until > c.now)) throw new DomainError('VALIDATION_FAILED', SUSPENSION_MESSAGES.untilInPast, 400);
      return [
        { type: 'MemberSuspended', data: { until: c.until, reason: c.reason, moderatorId: c.moderatorId, at: c.now } },
      ];
    case 'Unsuspend':
      if (!isStaff(c.moderatorRole)) throw new DomainError('FORBIDDEN', SUSPENSION_MESSAGES.moderatorsOnly, 403);
      if (!isSuspended(s, c.now)) throw new DomainError('CONFLICT', SUSPENSION_MESSAGES.notSuspended, 409);
      return [{ type: 'MemberUnsuspended', data: { reason: c.reason, moderatorId: c.moderatorId, at: c.now } }];
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, evolve, decide };
