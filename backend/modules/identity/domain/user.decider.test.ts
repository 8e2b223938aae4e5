import { DomainError, fold } from '../../../src/platform/decider/decider';
import { INVALID_RESET, userDecider, UserState } from './user.decider';
import type { UserEvent } from '../events';

const NOW = '2026-11-23T10:00:00.000Z';
const LATER = '2026-11-23T12:00:00.000Z';

const registered: UserEvent[] = [
  { type: 'UserRegistered', data: { userId: 'u1', username: 'Amina', role: 'member', sealed: 'v1.x', registeredAt: NOW } },
  { type: 'EmailVerificationIssued', data: { tokenHash: 'vh', expiresAt: '2026-11-24T10:00:00.000Z' } },
];
const state = (events: UserEvent[] = registered): UserState => fold(userDecider, events);
const decide = (s: UserState, c: Parameters<typeof userDecider.decide>[1]) => userDecider.decide(s, c);

describe('user decider', () => {
  it('registers once', () => {
    const events = decide(state([]), { type: 'Register', userId: 'u1', username: 'Amina', sealed: 's', now: NOW, verification: { tokenHash: 'h', expiresAt: LATER } });
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerificationIssued']);
    expect(() => decide(state(), { type: 'Register', userId: 'u1', username: 'x', sealed: 's', now: NOW, verification: { tokenHash: 'h', expiresAt: LATER } })).toThrow(DomainError);
  });

  it('verifies with the current token only, before it expires', () => {
    expect(decide(state(), { type: 'VerifyEmail', tokenHash: 'vh', now: NOW })).toEqual([{ type: 'EmailVerified', data: { verifiedAt: NOW } }]);
    expect(() => decide(state(), { type: 'VerifyEmail', tokenHash: 'other', now: NOW })).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }));
    expect(() => decide(state(), { type: 'VerifyEmail', tokenHash: 'vh', now: '2026-11-25T00:00:00.000Z' })).toThrow(
      expect.objectContaining({ code: 'TOKEN_EXPIRED' }),
    );
    const verified = state([...registered, { type: 'EmailVerified', data: { verifiedAt: NOW } }]);
    expect(decide(verified, { type: 'VerifyEmail', tokenHash: 'vh', now: NOW })).toEqual([]);
    expect(() => decide(verified, { type: 'IssueVerification', tokenHash: 'n', expiresAt: LATER })).toThrow(expect.objectContaining({ code: 'ALREADY_VERIFIED' }));
  });

  it('accepts a reset link once, before it expires, and ends every session', () => {
    const requested = state([
      ...registered,
      { type: 'SessionStarted', data: { sessionHash: 's1', remember: false, startedAt: NOW, expiresAt: LATER } },
      { type: 'PasswordResetRequested', data: { tokenHash: 'rh', expiresAt: '2026-11-23T11:00:00.000Z' } },
    ]);
    expect(() => decide(requested, { type: 'ResetPassword', tokenHash: 'rh', sealed: 'n', now: LATER })).toThrow(INVALID_RESET);
    const [reset] = decide(requested, { type: 'ResetPassword', tokenHash: 'rh', sealed: 'n', now: NOW });
    const after = userDecider.evolve(requested, reset);
    expect(after.sessions).toEqual([]);
    expect(after.sealed).toBe('n');
    expect(() => decide(after, { type: 'ResetPassword', tokenHash: 'rh', sealed: 'm', now: NOW })).toThrow(INVALID_RESET);
  });

  it('ends only known sessions, changes roles as events, and refuses everything once deleted', () => {
    const s = state([...registered, { type: 'SessionStarted', data: { sessionHash: 's1', remember: true, startedAt: NOW, expiresAt: LATER } }]);
    expect(decide(s, { type: 'EndSession', sessionHash: 'nope' })).toEqual([]);
    expect(decide(s, { type: 'EndSession', sessionHash: 's1' })).toHaveLength(1);
    expect(decide(s, { type: 'ChangeRole', role: 'moderator' })).toEqual([{ type: 'RoleChanged', data: { role: 'moderator', previousRole: 'member' } }]);
    expect(decide(s, { type: 'ChangeRole', role: 'member' })).toEqual([]);
    const deleted = userDecider.evolve(s, decide(s, { type: 'DeleteAccount', now: NOW })[0]);
    expect(deleted.sealed).toBeNull();
    expect(() => decide(deleted, { type: 'StartSession', sessionHash: 'x', remember: false, now: NOW, expiresAt: LATER })).toThrow(
      expect.objectContaining({ code: 'USER_NOT_FOUND' }),
    );
  });
});
