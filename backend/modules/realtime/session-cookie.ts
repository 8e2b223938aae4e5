import { SESSION_COOKIE } from '@platform/http/security/cookie-names';
import { parse } from 'cookie';

/** The dc.sid value of a handshake's Cookie header (browsers send it with the upgrade request). */
export function sessionFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return parse(header)[SESSION_COOKIE];
}
