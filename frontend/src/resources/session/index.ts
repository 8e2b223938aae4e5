/** The session: who is signed in (`/api/auth/me`), the auth endpoints, and the member gate. */
export * from './api';
export type { User, LoginRequest, RegisterRequest } from './types';
export { useSession, type Session } from './useSession';
export { useMemberGate } from './useMemberGate';
