import { bearerMatches } from './metrics-token';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

describe('bearerMatches', () => {
  it('takes the token as a bearer, whatever the scheme case', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the scheme alone', 'Bearer'],
    ['an empty bearer', 'Bearer '],
    ['the token without a scheme', TOKEN],
    ['another scheme', `Basic ${TOKEN}`],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token and more', `Bearer ${TOKEN}x`],
    ['two tokens', `Bearer ${TOKEN} ${TOKEN}`],
    ['another case', `Bearer ${TOKEN.toUpperCase()}`],
  ])('refuses %s', (_what, header) => {
    expect(bearerMatches(header, TOKEN)).toBe(false);
  });
});
