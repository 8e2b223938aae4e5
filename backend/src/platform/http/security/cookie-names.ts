/** The CSRF cookie (readable by the web app, which copies it into the header) and its header. */
export const CSRF_COOKIE = 'dc.csrf';
/** Lower case: Node lowercases incoming header names, so clients may send any case. */
export const CSRF_HEADER = 'x-csrf-token';
/** The session cookie the identity module sets; named here so the debug console can look for it. */
export const SESSION_COOKIE = 'dc.sid';
