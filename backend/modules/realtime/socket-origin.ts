const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a socket handshake may go on, by the page it comes from. Socket events change state
 * without the CSRF header HTTP calls need, so a browser's handshake must come from the app itself:
 * PUBLIC_URL's origin, or the very address the request was sent to. Outside production, pages on
 * loopback (the Vite dev server on :5173) are let in too. No Origin: not a browser (an app, a test,
 * a load generator), and the session cookie is the whole check, as for any API client.
 */
export function socketOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
  production: boolean,
): boolean {
  if (origin === undefined) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.origin === new URL(publicUrl).origin) return true;
  if (host !== undefined && page.host === host) return true;
  return !production && LOOPBACK.has(page.hostname);
}
