/**
 * The Arabic interface's Naskh face (styles/fonts/naskh.css), loaded so that it never delays a
 * first screen: on a phone's slow network its two core files (59 KB) took the bandwidth the first
 * screen's data and images needed, and an Arabic reader's largest paint came 0.3-0.6 s later than
 * an English reader's (issue 37). A reader who has the files already gets the face at
 * once; a first visit reads the first screen in the fallback face (metrics matched in global.css,
 * so the swap moves nothing) and gets the Naskh face once that screen is drawn and the page is idle.
 */
import regularCore from '../styles/fonts/naskh-400-core.woff2?url';
import boldCore from '../styles/fonts/naskh-700-core.woff2?url';
import { ASSETS_CACHE } from '../sw/caching';
import { firstScreenDrawn } from '../ui/firstScreenDrawn';
import { idle } from '../ui/whenIdle';

const CORE_FILES = [regularCore, boldCore];

let loading: Promise<unknown> | undefined;

/** Adds the face's @font-face rules (once); the browser then fetches the files its texts use. */
export function loadArabicFace(): Promise<unknown> {
  // A failed fetch (offline, a new build's files) is tried again at the next call.
  loading ??= import('../styles/fonts/naskh.css').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const openAssets = (): Promise<Cache | undefined> =>
  typeof caches === 'undefined' ? Promise.resolve(undefined) : caches.open(ASSETS_CACHE).catch(() => undefined);

async function haveCoreFiles(cache: Cache | undefined): Promise<boolean> {
  if (!cache) return false;
  const found = await Promise.all(CORE_FILES.map((file) => cache.match(file).catch(() => undefined)));
  return found.every(Boolean);
}

/**
 * Keeps the core files where the service worker answers from (its cache-first rule for /assets/),
 * so the next load finds them before its first paint; a build's older files are dropped.
 */
async function keepCoreFiles(cache: Cache): Promise<void> {
  const current = new Set(CORE_FILES.map((file) => new URL(file, location.href).pathname));
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (/\/naskh-\d+-core-/.test(path) && !current.has(path)) await cache.delete(request);
  }
  await cache.addAll(CORE_FILES);
}

/** Start-up's part for an Arabic reader (i18n/index.ts). */
export async function startArabicFace(): Promise<void> {
  const cache = await openAssets();
  if (await haveCoreFiles(cache)) {
    await loadArabicFace();
    return;
  }
  await firstScreenDrawn();
  await idle({ timeout: 2000, fallback: 0 });
  await loadArabicFace();
  if (!cache) return;
  // Both weights' core files fetched (and so in the HTTP cache) before they are copied.
  await Promise.all([400, 700].map((weight) => document.fonts.load(`${weight} 1em "Noto Naskh Arabic"`, 'ع')));
  await keepCoreFiles(cache).catch(() => undefined);
}
