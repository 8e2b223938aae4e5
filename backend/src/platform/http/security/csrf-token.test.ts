import { randomBytes } from 'node:crypto';

import { issueCsrfToken, isValidCsrfToken, sameToken } from './csrf-token';
import { ServerSecret } from './server-secret';

const secret = new ServerSecret(randomBytes(32).toString('hex'));

describe('CSRF tokens', () => {
  it('issues a fresh, URL-safe token each time that this secret accepts', () => {
    const a = issueCsrfToken(secret);
    const b = issueCsrfToken(secret);
    expect(a).not.toBe(b);
    expect(encodeURIComponent(a)).toBe(a);
    expect(isValidCsrfToken(secret, a)).toBe(true);
  });

  it('refuses tokens of another secret, tampered, truncated or malformed', () => {
    const token = issueCsrfToken(secret);
    const [nonce, mac] = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(isValidCsrfToken(new ServerSecret(randomBytes(32).toString('hex')), token)).toBe(false);
    for (const bad of [
      `${flip(nonce!)}.${mac}`,
      `${nonce}.${flip(mac!)}`,
      `${nonce}.${mac!.slice(1)}`,
      `${nonce}${mac}`,
      `${token}.x`,
      '',
      undefined,
    ]) {
      expect(isValidCsrfToken(secret, bad)).toBe(false);
    }
  });

  it('compares header and cookie exactly', () => {
    const token = issueCsrfToken(secret);
    expect(sameToken(token, `${token}`)).toBe(true);
    expect(sameToken(token, token.toUpperCase())).toBe(false);
    expect(sameToken(token, token.slice(1))).toBe(false);
  });
});
