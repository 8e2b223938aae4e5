import type { IncomingHttpHeaders } from 'node:http';

/** Headers whose values are credentials: the echo shows that they arrived, never what they hold. */
export const REDACTED_HEADERS: ReadonlySet<string> = new Set([
  'cookie',
  'authorization',
  'proxy-authorization',
  'x-csrf-token',
  'set-cookie',
]);

export const REDACTED = '[redacted]';

export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = REDACTED_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  }
  return out;
}
