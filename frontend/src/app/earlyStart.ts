/**
 * Index.html's first script, inlined in its head by the production build (build/early-start.ts):
 * starts what the app asks for first while the app's own code downloads, instead of after it has
 * run (on a phone's slow 4G, one round trip and an evaluation less before the first screen, issue
 * 37): the token request of start-up, and a modulepreload of the reader's language's strings.
 */
import { detectLanguage, type Language } from '../i18n/language';
import { CSRF_PATH, CSRF_REQUEST } from './csrf';
import type { EarlyStart } from './early';

/** Each language's strings chunk and what it imports, written in by the build. */
declare const DC_EARLY_STRINGS: Record<Language, string[]>;

try {
  for (const href of DC_EARLY_STRINGS[detectLanguage()]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const early: EarlyStart = { csrf: fetch(CSRF_PATH, CSRF_REQUEST) };
  // Unhandled until the app takes it (a failure there is asked again).
  early.csrf?.catch(() => undefined);
  window.dcEarly = early;
} catch {
  // The app asks for everything itself, as it does without this script.
}
