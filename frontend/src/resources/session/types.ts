import type { UserView } from '@contract';

/** The signed-in member as `/api/auth/me` returns it (contract/users.ts). */
export type User = UserView;

export interface LoginRequest {
  emailOrUsername: string;
  password: string;
  rememberMe: boolean;
}

export interface RegisterRequest {
  email: string;
  username: string;
  password: string;
  displayName: string;
}
