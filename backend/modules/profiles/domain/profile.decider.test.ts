import { DomainError } from '../../../src/platform/decider/decider';
import { profileDecider, type UpdateProfile } from './profile.decider';

const cmd = (changes: UpdateProfile['changes']): UpdateProfile => ({ type: 'UpdateProfile', userId: 'u1', changes, sealed: 'v1.sealed', now: '2026-01-01T00:00:00.000Z' });
const decide = (changes: UpdateProfile['changes']) => profileDecider.decide(profileDecider.initialState(), cmd(changes));

describe('profile decider', () => {
  it('records what changed, sealed, and names the fields for the audit trail', () => {
    expect(decide({ bio: 'Student of knowledge', displayName: 'Amina' })).toEqual([
      { type: 'ProfileUpdated', data: { userId: 'u1', fields: ['bio', 'displayName'], sealed: 'v1.sealed', updatedAt: '2026-01-01T00:00:00.000Z' } },
    ]);
  });

  it('decides nothing when nothing changes', () => {
    expect(decide({})).toEqual([]);
  });

  it('lets optional fields be cleared', () => {
    expect(decide({ bio: null, website: null })[0].data.fields).toEqual(['bio', 'website']);
  });

  it.each([
    [{ displayName: '   ' }, 'Display name must be 1 to 50 characters'],
    [{ displayName: 'x'.repeat(51) }, 'Display name must be 1 to 50 characters'],
    [{ bio: 'x'.repeat(161) }, 'Bio must be 160 characters or less'],
    [{ location: 'x'.repeat(101) }, 'Location must be 100 characters or less'],
    [{ website: 'javascript:alert(1)' }, 'Website must be a valid URL'],
  ])('refuses %j', (changes, message) => {
    let refused: unknown = null;
    try {
      decide(changes);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'INVALID_PROFILE', message, status: 400 });
  });

  it('accepts the limits exactly', () => {
    expect(decide({ displayName: 'x'.repeat(50), bio: 'x'.repeat(160), location: 'x'.repeat(100), website: 'https://example.org' })).toHaveLength(1);
  });
});
