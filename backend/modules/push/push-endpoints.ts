/** The longest endpoint accepted: real ones (FCM, Mozilla, Apple, WNS) are a few hundred characters. */
export const MAX_ENDPOINT_LENGTH = 1024;

/**
 * Whether the server may send to this endpoint: it must name one of the configured push-service
 * origins (PUSH_ENDPOINT_ORIGINS). This is the SSRF line: a member chooses the URL, the server
 * requests it, so anything else (an internal address, a metadata service, the app itself) is refused
 * here and again before each send.
 */
export function endpointAllowed(endpoint: string, origins: readonly string[]): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  return origins.some((origin) => originMatches(url, origin));
}

function originMatches(url: URL, pattern: string): boolean {
  const m = /^(https?):\/\/(\*\.)?([^:]+)(?::(\d+|\*))?$/.exec(pattern);
  if (!m) return false;
  const [, scheme, wildcard, host, port] = m;
  if (url.protocol !== `${scheme}:`) return false;
  const hostname = url.hostname.toLowerCase();
  if (wildcard ? !hostname.endsWith(`.${host}`) : hostname !== host) return false;
  // WHATWG URL drops the scheme's default port, so '' is "the default port".
  if (port === '*') return true;
  return url.port === (port ?? '');
}
