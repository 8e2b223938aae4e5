import { createHash } from 'node:crypto';

/** Usernames are public and compared case-insensitively. */
export const usernameKey = (username: string) => username.trim().toLowerCase();
export const usernameStream = (username: string) => `username-${usernameKey(username)}`;

/** Emails are personal data: the stream name carries only a hash of the normalised address. */
export const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
export const emailStream = (email: string) => `email-${emailKey(email)}`;
