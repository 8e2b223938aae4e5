import type { FetchLike } from './csrf';

/** What index.html's head started before the app's code arrived (earlyStart.ts). */
export interface EarlyStart {
  csrf?: Promise<Response>;
}

declare global {
  interface Window {
    dcEarly?: EarlyStart;
  }
}

/**
 * The token request the head sent, as a fetch that answers with it once (a failed one is sent
 * again); undefined where none was sent (development, tests, an old cached page).
 */
export function takeEarlyCsrf(): FetchLike | undefined {
  const early = typeof window === 'undefined' ? undefined : window.dcEarly?.csrf;
  if (!early) return undefined;
  delete window.dcEarly?.csrf;
  return (input, init) => early.catch(() => fetch(input, init));
}
