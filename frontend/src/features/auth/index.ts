/**
 * Sign in, sign up and password reset. The session itself (who is signed in, the auth endpoints)
 * is a resource: resources/session. The screens are loaded lazily by app/routes.tsx (not from here,
 * so that importing this index never pulls them into another chunk).
 */
export { VerificationNotice } from './components/VerificationNotice';
