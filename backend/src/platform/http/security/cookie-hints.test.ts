import { cookieHints, type CookieHintsInput } from './cookie-hints';

const base: CookieHintsInput = {
  cookieHeader: 'dc.csrf=tok; dc.sid=sess',
  csrfCookieValid: true,
  secureContext: true,
  fetchSite: 'same-origin',
  hostname: 'deenconnect.example',
};

describe('cookieHints', () => {
  it('has nothing to say when both cookies arrive over https from the same site', () => {
    expect(cookieHints(base)).toEqual({
      cookiesReceived: ['dc.csrf', 'dc.sid'],
      hasCsrfCookie: true,
      csrfCookieValid: true,
      hasSessionCookie: true,
      secureContext: true,
      fetchSite: 'same-origin',
      hints: [],
    });
  });

  it('explains cross-site requests (SameSite and third-party cookie blocking)', () => {
    const { hints } = cookieHints({ ...base, cookieHeader: undefined, fetchSite: 'cross-site' });
    expect(hints[0]).toMatch(/another site.*SameSite=Lax.*third-party cookies/);
    expect(hints[1]).toMatch(/sent no cookies/);
  });

  it('asks for a token when only other cookies arrived', () => {
    const { hints, cookiesReceived } = cookieHints({ ...base, cookieHeader: 'dc.sid=s; theme=dark' });
    expect(cookiesReceived).toEqual(['dc.sid', 'theme']);
    expect(hints).toEqual([expect.stringMatching(/^No dc\.csrf cookie: call GET \/api\/auth\/csrf/)]);
  });

  it('flags a CSRF cookie this server did not sign', () => {
    expect(cookieHints({ ...base, csrfCookieValid: false }).hints).toEqual([
      expect.stringMatching(/not issued by this server/),
    ]);
  });

  it('flags cookies sent twice (another path or domain shadowing them)', () => {
    const result = cookieHints({ ...base, cookieHeader: 'dc.csrf=a; dc.sid=s; dc.csrf=b' });
    expect(result.cookiesReceived).toEqual(['dc.csrf', 'dc.sid']);
    expect(result.hints).toEqual([expect.stringMatching(/^The browser sent dc\.csrf more than once/)]);
  });

  it('mentions X-Forwarded-Proto for plain http, except on a loopback address', () => {
    expect(cookieHints({ ...base, secureContext: false }).hints).toEqual([
      expect.stringMatching(/X-Forwarded-Proto: https/),
    ]);
    for (const hostname of ['localhost', '127.0.0.1', '[::1]']) {
      expect(cookieHints({ ...base, secureContext: false, hostname }).hints).toEqual([]);
    }
  });

  it('never returns a cookie value', () => {
    const result = cookieHints({
      ...base,
      cookieHeader: 'dc.csrf=VALUE1; dc.sid=VALUE2; x=VALUE3=with=equals; =orphan',
    });
    expect(JSON.stringify(result)).not.toMatch(/VALUE|orphan/);
    expect(result.cookiesReceived).toEqual(['dc.csrf', 'dc.sid', 'x']);
  });
});
