import { randomBytes } from 'node:crypto';

import { issueCsrfToken, isValidCsrfToken, sameToken } from './csrf-token';
import { ServerSecret } from './server-secret';

const secret = new ServerSecret(randomBytes(32).toString('hex'));

describe('CSRF tokens', () => {
  it('issues a fresh, URL-safe token each time that this secret accepts', () => {
    const a = issueCsrfToken(secret, undefined);
    const b = issueCsrfToken(secret, undefined);
    expect(a).not.toBe(b);
    expect(encodeURIComponent(a)).toBe(a);
    expect(isValidCsrfToken(secret, a, undefined)).toBe(true);
  });

  it('binds a token to its session: refused with any other session, or with none', () => {
    const sid = '01900000-0000-7000-8000-000000000001.secret-part';
    const member = issueCsrfToken(secret, sid);
    expect(isValidCsrfToken(secret, member, sid)).toBe(true);
    expect(isValidCsrfToken(secret, member, `${sid}x`)).toBe(false);
    expect(isValidCsrfToken(secret, member, undefined)).toBe(false);
    const guest = issueCsrfToken(secret, undefined);
    expect(isValidCsrfToken(secret, guest, sid)).toBe(false);
    // No session cookie and an empty one are the same: no session.
    expect(isValidCsrfToken(secret, guest, '')).toBe(true);
    // A session named like the guest binding is still a session.
    expect(isValidCsrfToken(secret, guest, 'guest')).toBe(false);
  });

  it('refuses tokens of another secret, tampered, truncated or malformed', () => {
    const token = issueCsrfToken(secret, 'sid');
    const [nonce, mac] = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(isValidCsrfToken(new ServerSecret(randomBytes(32).toString('hex')), token, 'sid')).toBe(false);
    for (const bad of [
      `${flip(nonce!)}.${mac}`,
      `${nonce}.${flip(mac!)}`,
      `${nonce}.${mac!.slice(1)}`,
      `${nonce}${mac}`,
      `${token}.x`,
      '',
      undefined,
    ]) {
      expect(isValidCsrfToken(secret, bad, 'sid')).toBe(false);
    }
  });

  it('compares header and cookie exactly', () => {
    const token = issueCsrfToken(secret, undefined);
    expect(sameToken(token, `${token}`)).toBe(true);
    expect(sameToken(token, token.toUpperCase())).toBe(false);
    expect(sameToken(token, token.slice(1))).toBe(false);
  });
});
