/** The signed-in member as `/api/auth/me`, login and register answer it (backend/modules/identity/domain/user-dto.ts). */
export interface UserView {
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

/** `GET /api/auth/me`, `POST /api/auth/login`, `POST /api/auth/register`. */
export interface UserAnswer {
  user: UserView;
}
