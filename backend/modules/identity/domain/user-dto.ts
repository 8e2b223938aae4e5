import type { UserView } from '@contract';
import type { UserDoc } from '@projections/identity';

/** The user object of /api/auth/me, login and register (spec part 1 §3): the web app's contract. */
export type UserDto = UserView;

export function toUserDto(u: UserDoc): UserDto {
  return {
    id: u.id,
    name: u.name,
    displayName: u.displayName,
    username: u.username,
    email: u.email,
    role: u.role,
    isEmailVerified: u.isEmailVerified,
    isVerified: u.isVerified === true,
    createdAt: u.createdAt,
    authProvider: 'local',
    avatarUrl: u.avatarUrl,
    profileImage: u.avatarUrl,
  };
}
