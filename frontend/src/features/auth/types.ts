/** The signed-in member as `/api/auth/me` returns it. */
export interface User {
  id: string;
  name: string;
  displayName: string;
  username: string;
  email: string;
  role: string;
  isEmailVerified: boolean;
  isVerified: boolean;
  createdAt: string;
  authProvider?: string;
  avatarUrl?: string | null;
  profileImage?: string | null;
}

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
