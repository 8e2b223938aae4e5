import { CSRF_COOKIE, SESSION_COOKIE } from './cookie-names';

export interface CookieHintsInput {
  /** The raw Cookie header: names are read from it (values never leave this function). */
  cookieHeader: string | undefined;
  csrfCookieValid: boolean;
  /** Whether the request reached the server over https (X-Forwarded-Proto behind a proxy). */
  secureContext: boolean;
  /** The browser's Sec-Fetch-Site header: same-origin, same-site, cross-site or none. */
  fetchSite: string | null;
  hostname: string;
}

export interface CookieHints {
  cookiesReceived: string[];
  hasCsrfCookie: boolean;
  csrfCookieValid: boolean;
  hasSessionCookie: boolean;
  secureContext: boolean;
  fetchSite: string | null;
  hints: string[];
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1)$/;

/** What the debug console shows about the cookies a browser sent, by name only, with what to do. */
export function cookieHints(input: CookieHintsInput): CookieHints {
  const names = cookieNames(input.cookieHeader);
  const received = [...new Set(names)].sort();
  const duplicated = received.filter((name) => names.indexOf(name) !== names.lastIndexOf(name));
  const hasCsrfCookie = received.includes(CSRF_COOKIE);
  const hasSessionCookie = received.includes(SESSION_COOKIE);
  const hints: string[] = [];

  if (input.fetchSite === 'cross-site') {
    hints.push(
      `This request came from another site. ${CSRF_COOKIE} and ${SESSION_COOKIE} are SameSite=Lax cookies, which browsers do not send on cross-site requests, and many browsers block third-party cookies altogether: serve the web app and the API from the same site.`,
    );
  }
  if (received.length === 0) {
    hints.push(
      'The browser sent no cookies. Call GET /api/auth/csrf first and send every request with credentials included; if the cookie is set but never comes back, the browser is blocking it (third-party cookie or SameSite rules).',
    );
  } else if (!hasCsrfCookie) {
    hints.push(
      `No ${CSRF_COOKIE} cookie: call GET /api/auth/csrf; POST, PUT, PATCH and DELETE requests must repeat its value in the X-CSRF-Token header.`,
    );
  } else if (!input.csrfCookieValid) {
    hints.push(
      `The ${CSRF_COOKIE} cookie was not issued by this server for this session (or its secret changed): call GET /api/auth/csrf for a new one.`,
    );
  }
  if (!hasSessionCookie) {
    hints.push(`No ${SESSION_COOKIE} cookie: not signed in, or the session cookie was not stored after signing in.`);
  }
  if (duplicated.length) {
    hints.push(
      `The browser sent ${duplicated.join(', ')} more than once (cookies of the same name from another path or domain). The server reads only one of them: clear this site's cookies.`,
    );
  }
  if (!input.secureContext && !LOOPBACK.test(input.hostname)) {
    hints.push(
      'This request arrived over plain http, so cookies are set without Secure. If the site is served over https through a proxy, make the proxy send X-Forwarded-Proto: https.',
    );
  }
  return {
    cookiesReceived: received,
    hasCsrfCookie,
    csrfCookieValid: input.csrfCookieValid,
    hasSessionCookie,
    secureContext: input.secureContext,
    fetchSite: input.fetchSite,
    hints,
  };
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((pair) => (pair.split('=', 1)[0] ?? '').trim())
    .filter((name) => name.length > 0);
}
