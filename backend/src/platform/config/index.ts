export * from './config';
export type { PasswordHashing } from './password-hashing';
export type { TrustProxy } from './trust-proxy';
