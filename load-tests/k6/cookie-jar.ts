/**
 * A VU's cookie jar (RFC 6265's matching rules, enough for session and CSRF cookies): host-only
 * and Domain cookies, Path prefixes, Secure, Max-Age/Expires. The shape k6 gives scripts:
 * `res.cookies` and `jar.cookiesForURL(url)` map names to cookies / values.
 */

export interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  hostOnly: boolean;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Epoch ms, or null for a session cookie. */
  expires: number | null;
}

/** The cookie as k6 shows it in `res.cookies[name]`. */
export interface K6Cookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  http_only: boolean;
  secure: boolean;
  max_age: number;
  expires: number;
}

function defaultPath(pathname: string): string {
  const at = pathname.lastIndexOf('/');
  return at <= 0 ? '/' : pathname.slice(0, at);
}

/** Parses one Set-Cookie header as received from `url`; null when it must be ignored. */
export function parseSetCookie(header: string, url: URL, now = Date.now()): StoredCookie | null {
  const [pair, ...attributes] = header.split(';');
  const eq = pair!.indexOf('=');
  if (eq <= 0) return null;
  const cookie: StoredCookie = {
    name: pair!.slice(0, eq).trim(),
    value: pair!.slice(eq + 1).trim(),
    domain: url.hostname.toLowerCase(),
    hostOnly: true,
    path: defaultPath(url.pathname),
    secure: false,
    httpOnly: false,
    expires: null,
  };
  let maxAge: number | null = null;
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const value = at < 0 ? '' : attribute.slice(at + 1).trim();
    if (key === 'domain' && value) {
      const domain = value.replace(/^\./, '').toLowerCase();
      if (!domainMatches(cookie.domain, domain)) return null; // a cookie for someone else's domain
      cookie.domain = domain;
      cookie.hostOnly = false;
    } else if (key === 'path' && value.startsWith('/')) cookie.path = value;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === 'expires') {
      const t = Date.parse(value);
      if (!Number.isNaN(t)) cookie.expires = t;
    }
  }
  if (maxAge !== null) cookie.expires = maxAge <= 0 ? 0 : now + maxAge * 1000;
  return cookie;
}

function domainMatches(host: string, domain: string) {
  return host === domain || (host.endsWith(`.${domain}`) && !/^\d+\.\d+\.\d+\.\d+$/.test(host));
}

function pathMatches(requestPath: string, cookiePath: string) {
  return (
    requestPath === cookiePath ||
    (requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'))
  );
}

export class CookieJar {
  private cookies: StoredCookie[] = [];

  /** Stores the Set-Cookie headers of a response (an expired one deletes its cookie). */
  storeFromResponse(url: string, setCookies: readonly string[], now = Date.now()): K6Cookie[] {
    const received: K6Cookie[] = [];
    for (const header of setCookies) {
      const cookie = parseSetCookie(header, new URL(url), now);
      if (!cookie) continue;
      this.put(cookie, now);
      received.push(toK6(cookie, now));
    }
    return received;
  }

  /** `jar.set(url, name, value, { domain, path, secure, http_only, max_age, expires })`. */
  set(url: string, name: string, value: string, options: Record<string, unknown> = {}, now = Date.now()): void {
    const u = new URL(url);
    const domain = typeof options.domain === 'string' ? options.domain.replace(/^\./, '') : null;
    let expires: number | null = null;
    if (typeof options.max_age === 'number') expires = now + options.max_age * 1000;
    else if (typeof options.expires === 'string') expires = Date.parse(options.expires);
    this.put(
      {
        name,
        value,
        domain: domain ?? u.hostname.toLowerCase(),
        hostOnly: domain === null,
        path: typeof options.path === 'string' ? options.path : '/',
        secure: options.secure === true,
        httpOnly: options.http_only === true,
        expires,
      },
      now,
    );
  }

  /** Cookies to send to `url`, most specific path first (RFC 6265 §5.4). */
  matching(url: string, now = Date.now()): StoredCookie[] {
    const u = new URL(url);
    const host = u.hostname.toLowerCase();
    this.cookies = this.cookies.filter((c) => c.expires === null || c.expires > now);
    return this.cookies
      .filter(
        (c) =>
          (c.hostOnly ? host === c.domain : domainMatches(host, c.domain)) &&
          pathMatches(u.pathname || '/', c.path) &&
          (!c.secure || u.protocol === 'https:'),
      )
      .sort((a, b) => b.path.length - a.path.length);
  }

  /** The Cookie header for a request to `url` ('' when none). */
  header(url: string, now = Date.now()): string {
    return this.matching(url, now)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** `jar.cookiesForURL(url)`: name -> values. */
  cookiesForURL(url: string): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const c of this.matching(url)) (out[c.name] ??= []).push(c.value);
    return out;
  }

  delete(url: string, name: string): void {
    const host = new URL(url).hostname.toLowerCase();
    this.cookies = this.cookies.filter((c) => !(c.name === name && domainMatches(host, c.domain)));
  }

  clear(url?: string): void {
    if (url === undefined) this.cookies = [];
    else {
      const host = new URL(url).hostname.toLowerCase();
      this.cookies = this.cookies.filter((c) => !domainMatches(host, c.domain));
    }
  }

  private put(cookie: StoredCookie, now: number) {
    this.cookies = this.cookies.filter(
      (c) => !(c.name === cookie.name && c.domain === cookie.domain && c.path === cookie.path),
    );
    if (cookie.expires === null || cookie.expires > now) this.cookies.push(cookie);
  }
}

function toK6(c: StoredCookie, now: number): K6Cookie {
  return {
    name: c.name,
    value: c.value,
    domain: c.domain,
    path: c.path,
    http_only: c.httpOnly,
    secure: c.secure,
    max_age: c.expires === null ? 0 : Math.max(0, Math.round((c.expires - now) / 1000)),
    expires: c.expires ?? 0,
  };
}
