/**
 * RFC 8058 one-click unsubscribe: a mail provider (Gmail's "Unsubscribe" button, for one) POSTs
 * `List-Unsubscribe=One-Click` to the URL of a mail's `List-Unsubscribe` header, from its own
 * servers, with no cookie and no CSRF token. The URL's token is what authenticates it (only the
 * mail's reader has it), so these routes take such a POST without the CSRF check, and nothing else:
 * only POST, only these exact paths, only the two form encodings the RFC allows. A JSON POST to the
 * same route (the web app's button) still needs the CSRF token like every write.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATHS: readonly string[] = ['/api/notify/donations-open/unsubscribe'];

/** The form encodings of RFC 8058 §3.1 (multipart SHOULD, urlencoded MAY). */
export const ONE_CLICK_FORM_TYPES: readonly string[] = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The form field and value the RFC's POST carries. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

interface RequestLine {
  method: string;
  url: string;
  headers: { 'content-type'?: string | undefined };
}

/** The media type of a Content-Type header, lower-case, without its parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * Whether a request is a one-click unsubscribe POST. The path is compared as sent (before any
 * decoding or normalising), so a path the router would read differently is simply not exempt.
 */
export function isOneClickUnsubscribe(request: RequestLine): boolean {
  if (request.method !== 'POST') return false;
  const path = request.url.split('?', 1)[0]!;
  return (
    ONE_CLICK_UNSUBSCRIBE_PATHS.includes(path) &&
    ONE_CLICK_FORM_TYPES.includes(mediaType(request.headers['content-type']))
  );
}
