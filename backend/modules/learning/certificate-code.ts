import { randomBytes } from 'node:crypto';

import { DomainError } from '@platform/decider/decider';

import { LEARNING_MESSAGES as M } from './limits';

/** Crockford's base32: no I, L, O or U, so a code read off paper is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/**
 * A certificate's code: 16 characters of 80 random bits, so a link cannot be guessed or counted
 * through (an id in time order would tell when it was issued and how close others are).
 */
export function newCertificateCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let code = '';
  for (let i = 0; i < 16; i++) code = ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)]! + code;
  return code;
}

export const certificateNotFound = () => new DomainError('CERTIFICATE_NOT_FOUND', M.certificateNotFound, 404);

/**
 * A code as a person may type it: any case, in groups (`K7M2-Q9X4-…`), with O for 0 and I or L for
 * 1. Anything else names no certificate (404), and never reaches the read store.
 */
export function certificateCodeParam(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 40) throw certificateNotFound();
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!CODE.test(code)) throw certificateNotFound();
  return code;
}
