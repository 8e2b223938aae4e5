import { given, minute, upTo } from '../testing/history';
import { emptyContext, type Opened } from './types';
import { foldUser, type OpenedUserEvent } from './user.view';

const registered = (personal: Opened<{ email: string; displayName: string; name: string }>): OpenedUserEvent => ({
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'amina', role: 'member', personal, registeredAt: minute(0) },
});

describe('user history view', () => {
  const events: OpenedUserEvent[] = [
    registered({ email: 'amina@example.com', displayName: 'Amina', name: 'Amina' }),
    { type: 'EmailVerified', data: { verifiedAt: minute(1) } },
    { type: 'MemberSuspended', data: { until: minute(60), reason: 'Abuse', moderatorId: 'mod', at: minute(2) } },
    { type: 'MemberUnsuspended', data: { reason: 'Served', moderatorId: 'mod', at: minute(3) } },
    { type: 'AccountDeleted', data: { deletedAt: minute(4) } },
  ];
  const stream = given(events);

  it('shows the name, role and verification, never the email', () => {
    const view = foldUser(upTo(stream, 1), emptyContext());
    expect(view).toEqual({
      kind: 'user',
      userId: 'u1',
      username: 'amina',
      displayName: 'Amina',
      role: 'member',
      registeredAt: minute(0),
      emailVerified: true,
      suspended: null,
      deletedAt: null,
      erasedAt: null,
    });
    expect(JSON.stringify(view)).not.toContain('amina@example.com');
  });

  it('shows a suspension with who, why and until when, then its lifting and the deletion', () => {
    expect(foldUser(upTo(stream, 2), emptyContext())?.suspended).toEqual({
      until: minute(60),
      reason: 'Abuse',
      by: 'mod',
      at: minute(2),
    });
    expect(foldUser(upTo(stream, 3), emptyContext())?.suspended).toBeNull();
    expect(foldUser(stream, emptyContext())?.deletedAt).toBe(minute(4));
  });

  it('once the key is shredded the name reads "erased" at every version, with the erasure time', () => {
    const shredded = given([registered({ unreadable: true }), ...events.slice(1)]);
    expect(foldUser(upTo(shredded, 0), emptyContext({ erasedAt: minute(4) }))).toMatchObject({
      username: 'amina',
      displayName: 'erased',
      erasedAt: minute(4),
    });
  });
});
