import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import { PROFILE_LIMITS, type ProfileEvent, type ProfileField, type ProfileFields } from '../events';

export interface ProfileState {
  updates: number;
}

/**
 * The sealing is I/O, so the service seals `changes` and hands both in; the decider holds the rules
 * (the same limits the HTTP schema checks, so no other caller can bypass them).
 */
export interface UpdateProfile {
  type: 'UpdateProfile';
  userId: string;
  changes: Partial<ProfileFields>;
  sealed: string;
  now: string;
}

const initialState = (): ProfileState => ({ updates: 0 });

function evolve(s: ProfileState, _e: ProfileEvent): ProfileState {
  return { updates: s.updates + 1 };
}

function decide(_s: ProfileState, c: UpdateProfile): ProfileEvent[] {
  const fields = Object.keys(c.changes) as ProfileField[];
  if (fields.length === 0) return [];
  const { displayName, bio, location, website } = c.changes;
  if (displayName !== undefined && (displayName.trim() === '' || displayName.length > PROFILE_LIMITS.displayName)) {
    throw new DomainError('INVALID_PROFILE', `Display name must be 1 to ${PROFILE_LIMITS.displayName} characters`, 400);
  }
  if (bio && bio.length > PROFILE_LIMITS.bio)
    throw new DomainError('INVALID_PROFILE', 'Bio must be 160 characters or less', 400);
  if (location && location.length > PROFILE_LIMITS.location)
    throw new DomainError('INVALID_PROFILE', 'Location must be 100 characters or less', 400);
  if (website && !/^https?:\/\//i.test(website))
    throw new DomainError('INVALID_PROFILE', 'Website must be a valid URL', 400);
  return [
    { type: 'ProfileUpdated', data: { userId: c.userId, fields: fields.sort(), sealed: c.sealed, updatedAt: c.now } },
  ];
}

export const profileDecider: Decider<ProfileState, UpdateProfile, ProfileEvent> = { initialState, evolve, decide };
