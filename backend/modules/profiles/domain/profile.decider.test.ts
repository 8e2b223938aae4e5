import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { profileDecider, type UpdateProfile } from './profile.decider';

const cmd = (changes: UpdateProfile['changes']): UpdateProfile => ({
  type: 'UpdateProfile',
  userId: 'u1',
  changes,
  sealed: 'v1.sealed',
  now: '2026-01-01T00:00:00.000Z',
});
const spec = DeciderSpec.for(profileDecider);

describe('profile decider', () => {
  it('records what changed, sealed, and names the fields for the audit trail', () => {
    spec.when(cmd({ bio: 'Student of knowledge', displayName: 'Amina' })).then([
      {
        type: 'ProfileUpdated',
        data: {
          userId: 'u1',
          fields: ['bio', 'displayName'],
          sealed: 'v1.sealed',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    ]);
  });

  it('decides nothing when nothing changes', () => {
    spec.when(cmd({})).thenNothingHappened();
  });

  it('lets optional fields be cleared', () => {
    spec
      .when(cmd({ bio: null, website: null }))
      .then((events) => expect(events[0]!.data.fields).toEqual(['bio', 'website']));
  });

  it.each([
    [{ displayName: '   ' }, 'Display name must be 1 to 50 characters'],
    [{ displayName: 'x'.repeat(51) }, 'Display name must be 1 to 50 characters'],
    [{ bio: 'x'.repeat(161) }, 'Bio must be 160 characters or less'],
    [{ location: 'x'.repeat(101) }, 'Location must be 100 characters or less'],
    [{ website: 'javascript:alert(1)' }, 'Website must be a valid URL'],
  ])('refuses %j', (changes, message) => {
    spec.when(cmd(changes)).thenThrows({ code: 'INVALID_PROFILE', message, status: 400 });
  });

  it('accepts the limits exactly', () => {
    spec
      .when(
        cmd({
          displayName: 'x'.repeat(50),
          bio: 'x'.repeat(160),
          location: 'x'.repeat(100),
          website: 'https://example.org',
        }),
      )
      .then((events) => expect(events).toHaveLength(1));
  });
});
