/** The session: who is signed in (`/api/auth/me`), the auth endpoints, and the member gate. */
export * from './api';
export { isStaff } from './roles';
export { SessionBootstrap } from './SessionBootstrap';
export { askSessionAtStartUp } from './startUp';
export type { LoginRequest, RegisterRequest, User } from './types';
export { useMemberGate } from './useMemberGate';
export { type Session, useSession } from './useSession';
