export * from './config';
export type { TrustProxy } from './trust-proxy';
