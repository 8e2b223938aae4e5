import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { INVALID_RESET, userDecider } from './user.decider';

type UserEvent = Parameters<typeof userDecider.evolve>[1];

const NOW = '2026-11-23T10:00:00.000Z';
const LATER = '2026-11-23T12:00:00.000Z';

const registered: UserEvent[] = [
  {
    type: 'UserRegistered',
    data: { userId: 'u1', username: 'Amina', role: 'member', sealed: 'v1.x', registeredAt: NOW },
  },
  { type: 'EmailVerificationIssued', data: { tokenHash: 'vh', expiresAt: '2026-11-24T10:00:00.000Z' } },
];
const spec = DeciderSpec.for(userDecider);
const register = {
  type: 'Register',
  userId: 'u1',
  username: 'Amina',
  sealed: 's',
  now: NOW,
  verification: { tokenHash: 'h', expiresAt: LATER },
} as const;

describe('user decider', () => {
  it('registers once', () => {
    spec
      .given([])
      .when(register)
      .then((events) => expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerificationIssued']));
    spec
      .given(registered)
      .when({ ...register, username: 'x' })
      .thenThrows();
  });

  it('verifies with the current token only, before it expires', () => {
    spec
      .given(registered)
      .when({ type: 'VerifyEmail', tokenHash: 'vh', now: NOW })
      .then([{ type: 'EmailVerified', data: { verifiedAt: NOW } }]);
    spec.given(registered).when({ type: 'VerifyEmail', tokenHash: 'other', now: NOW }).thenThrows('INVALID_TOKEN');
    spec
      .given(registered)
      .when({ type: 'VerifyEmail', tokenHash: 'vh', now: '2026-11-25T00:00:00.000Z' })
      .thenThrows('TOKEN_EXPIRED');
    const verified = spec.given([...registered, { type: 'EmailVerified', data: { verifiedAt: NOW } }]);
    verified.when({ type: 'VerifyEmail', tokenHash: 'vh', now: NOW }).thenNothingHappened();
    verified.when({ type: 'IssueVerification', tokenHash: 'n', expiresAt: LATER }).thenThrows('ALREADY_VERIFIED');
  });

  it('accepts a reset link once, before it expires, and ends every session', () => {
    const requested = spec.given([
      ...registered,
      { type: 'SessionStarted', data: { sessionHash: 's1', remember: false, startedAt: NOW, expiresAt: LATER } },
      { type: 'PasswordResetRequested', data: { tokenHash: 'rh', expiresAt: '2026-11-23T11:00:00.000Z' } },
    ]);
    requested
      .when({ type: 'ResetPassword', tokenHash: 'rh', sealed: 'n', now: LATER })
      .thenThrows({ message: INVALID_RESET });
    const { events, state: after } = requested
      .when({ type: 'ResetPassword', tokenHash: 'rh', sealed: 'n', now: NOW })
      .then((events) => expect(events).toHaveLength(1));
    expect(after.sessions).toEqual([]);
    expect(after.sealed).toBe('n');
    requested
      .given(events)
      .when({ type: 'ResetPassword', tokenHash: 'rh', sealed: 'm', now: NOW })
      .thenThrows({ message: INVALID_RESET });
  });

  it('ends only known sessions, changes roles as events, and refuses everything once deleted', () => {
    const s = spec.given([
      ...registered,
      { type: 'SessionStarted', data: { sessionHash: 's1', remember: true, startedAt: NOW, expiresAt: LATER } },
    ]);
    s.when({ type: 'EndSession', sessionHash: 'nope' }).thenNothingHappened();
    s.when({ type: 'EndSession', sessionHash: 's1' }).then((events) => expect(events).toHaveLength(1));
    s.when({ type: 'ChangeRole', role: 'moderator' }).then([
      { type: 'RoleChanged', data: { role: 'moderator', previousRole: 'member' } },
    ]);
    s.when({ type: 'ChangeRole', role: 'member' }).thenNothingHappened();
    const deleted = s.when({ type: 'DeleteAccount', now: NOW }).decide();
    expect(deleted.state.sealed).toBeNull();
    s.given(deleted.events)
      .when({ type: 'StartSession', sessionHash: 'x', remember: false, now: NOW, expiresAt: LATER })
      .thenThrows('USER_NOT_FOUND');
  });

  it('suspends a member until a time (sessions end, sign-in refused until then), by moderators only', () => {
    const signedIn = spec.given([
      ...registered,
      { type: 'SessionStarted', data: { sessionHash: 's1', remember: false, startedAt: NOW, expiresAt: LATER } },
    ]);
    const by = { moderatorId: 'm1', moderatorRole: 'moderator', reason: 'Abuse', now: NOW } as const;
    signedIn.when({ type: 'Suspend', until: LATER, ...by, moderatorRole: 'member' }).thenThrows({ status: 403 });
    signedIn.when({ type: 'Suspend', until: NOW, ...by }).thenThrows({ status: 400 });
    signedIn
      .when({ type: 'Suspend', until: LATER, ...by })
      .then([{ type: 'MemberSuspended', data: { until: LATER, reason: 'Abuse', moderatorId: 'm1', at: NOW } }]);
    const suspended = signedIn.given([
      { type: 'MemberSuspended', data: { until: LATER, reason: 'Abuse', moderatorId: 'm1', at: NOW } },
    ]);
    suspended.when({ type: 'EndSession', sessionHash: 's1' }).thenNothingHappened();
    const start = { type: 'StartSession', sessionHash: 's2', remember: false, expiresAt: LATER } as const;
    suspended.when({ ...start, now: NOW }).thenThrows({ code: 'SUSPENDED', status: 403 });
    suspended.when({ ...start, now: LATER }).then((events) => expect(events[0]!.type).toBe('SessionStarted'));
    suspended
      .when({ type: 'Unsuspend', ...by })
      .then([{ type: 'MemberUnsuspended', data: { reason: 'Abuse', moderatorId: 'm1', at: NOW } }]);
    signedIn.when({ type: 'Unsuspend', ...by }).thenThrows({ status: 409 });
    spec
      .given([...registered, { type: 'RoleChanged', data: { role: 'admin', previousRole: 'member' } }])
      .when({ type: 'Suspend', until: LATER, ...by })
      .thenThrows({ status: 403 });
  });
});
