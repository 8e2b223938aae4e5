/** CSRF double-submit token: cookie `dc.csrf`, header `X-CSRF-Token` (§7, §9). */
export const CSRF_COOKIE = 'dc.csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_PATH = '/api/auth/csrf';
const LOGIN_PATHS = ['/api/auth/login'];
/**
 * Calls after which the server has bound a new token to the new session (or to none): the cached
 * one is dropped, so the next write reads the new cookie, else fetches the new token.
 */
const SESSION_PATHS = ['/api/auth/login', '/api/auth/register', '/api/auth/logout', '/api/account'];

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The token request's options (also sent from index.html's head before the app loads, earlyStart.ts). */
export const CSRF_REQUEST: RequestInit = {
  method: 'GET',
  credentials: 'include',
  headers: { Accept: 'application/json' },
};

let cachedToken: string | undefined;
/** The last token answer said no session cookie came with it (see signedOutForSure). */
let noSessionCookie = false;

/**
 * True once, when the start-up token answer said the browser sent no session cookie: the visitor is
 * signed out for sure, and the first GET /api/auth/me (a 401 the browser would log) can be skipped.
 * Later checks (after a sign-in, say) always ask the server.
 */
export function signedOutForSure(): boolean {
  const sure = noSessionCookie;
  noSessionCookie = false;
  return sure;
}

/** Whether the start-up token answer saw a session cookie (read only: signedOutForSure consumes it). */
export const sessionCookieSeen = (): boolean => !noSessionCookie;

/** The `dc.csrf` cookie value, URL-decoded, or undefined. */
export function readCsrfCookie(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): string | undefined {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== CSRF_COOKIE) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw === '') return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

function matches(url: string, paths: string[]): boolean {
  const path = url.split('?')[0] ?? url;
  return paths.some((p) => path === p || path.endsWith(p));
}

export function isLoginUrl(url: string): boolean {
  return matches(url, LOGIN_PATHS);
}

/** Methods that carry the header: everything except GET and OPTIONS (and HEAD, which has no effect). */
export function needsCsrf(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/** Fetches a fresh token (the server also sets the cookie). A failure is only logged. */
export async function fetchCsrfToken(fetchImpl: FetchLike = (i, init) => fetch(i, init)): Promise<string | undefined> {
  try {
    const response = await fetchImpl(CSRF_PATH, CSRF_REQUEST);
    if (!response.ok) {
      console.error(`CSRF token fetch failed: ${response.status}`);
      return undefined;
    }
    const body = (await response.json()) as { csrfToken?: unknown; sessionCookie?: unknown };
    if (typeof body.csrfToken === 'string' && body.csrfToken !== '') cachedToken = body.csrfToken;
    noSessionCookie = body.sessionCookie === false;
    return cachedToken;
  } catch (error) {
    console.error('CSRF token fetch failed', error);
    return undefined;
  }
}

/**
 * The token for a state-changing call: the cookie, else the cached token, else a fresh fetch.
 * Login URLs always fetch a fresh token first. Tokens are bound to the session, so a call that
 * starts or ends one (sign-in, sign-up, sign-out, deleting the account) also forgets the cached token.
 */
export async function getCsrfToken(
  url: string,
  fetchImpl?: FetchLike,
  readCookie: () => string | undefined = () => readCsrfCookie(),
): Promise<string | undefined> {
  // A sign-in (or sign-up) is under way: the start-up hint that nobody is signed in no longer holds.
  if (matches(url, SESSION_PATHS)) noSessionCookie = false;
  const token = await tokenFor(url, fetchImpl, readCookie);
  if (matches(url, SESSION_PATHS)) {
    cachedToken = undefined;
    noSessionCookie = false;
  }
  return token;
}

async function tokenFor(
  url: string,
  fetchImpl: FetchLike | undefined,
  readCookie: () => string | undefined,
): Promise<string | undefined> {
  if (isLoginUrl(url)) {
    const fresh = await fetchCsrfToken(fetchImpl);
    return readCookie() ?? fresh;
  }
  const fromCookie = readCookie();
  if (fromCookie) return fromCookie;
  if (cachedToken) return cachedToken;
  const fetched = await fetchCsrfToken(fetchImpl);
  return readCookie() ?? fetched;
}

/** Test hook: forget the cached token. */
export function resetCsrfCache(): void {
  cachedToken = undefined;
}
