import type { UserDoc } from '@projections/identity';

/** The user object of /api/auth/me, login and register (spec part 1 §3 and the identity issue). */
export interface UserDto {
  id: string;
  name: string;
  displayName: string;
  username: string;
  email: string;
  role: string;
  isEmailVerified: boolean;
  /** The verified badge; granted by moderators (not the email check). */
  isVerified: boolean;
  createdAt: string;
  authProvider: 'local';
  avatarUrl: string | null;
  profileImage: string | null;
}

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
