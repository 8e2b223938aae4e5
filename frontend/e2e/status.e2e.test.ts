import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { eventually } from '@testing/eventually';
import type { Browser } from 'playwright-core';

import { NO_SERVICE_WORKER, type ServedApp, startServedApp } from './served-app';

const ROOT = join(__dirname, '../..');
const DIST = join(ROOT, 'frontend/dist');

/** Development pages (spec part 2 §2): routed in development builds only (app/routes.tsx). */
const DEV_PAGE_PATHS = ['/auth-debug', '/debug-autoplay', '/test-autoplay', '/test-working-autoplay', '/media-test'];
/** Their strings, which a production bundle must not carry either. */
const DEV_LOCALES = ['status/locales/en.json', 'status/locales/ar.json', 'status/locales/panel.en.json'].concat([
  'status/locales/panel.ar.json',
  'media-lab/locales/en.json',
  'media-lab/locales/ar.json',
]);
const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(join(ROOT, 'frontend/src/features', path), 'utf8')) as unknown;
/** Every other locale file (relative to features/, as DEV_LOCALES), the app's core strings included. */
function productionLocales(): string[] {
  const features = join(ROOT, 'frontend/src/features');
  const all = readdirSync(features).flatMap((feature) => {
    const dir = join(features, feature, 'locales');
    return existsSync(dir) ? readdirSync(dir).map((file) => `${feature}/locales/${file}`) : [];
  });
  return [...all.filter((path) => !DEV_LOCALES.includes(path)), '../i18n/locales/en.json', '../i18n/locales/ar.json'];
}
/** The texts of a locale file, interpolations cut out (the bundle keeps them as written). */
function stringsOf(node: unknown): string[] {
  if (typeof node === 'string') return node.split(/\{\{[^}]*\}\}/).map((part) => part.trim());
  if (node && typeof node === 'object') return Object.values(node).flatMap(stringsOf);
  return [];
}
function builtFiles(dir = DIST): { name: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? builtFiles(join(dir, entry.name))
      : [{ name: entry.name, text: readFileSync(join(dir, entry.name), 'utf8') }],
  );
}

describe('production web app served by the backend (Chromium)', () => {
  let app: ServedApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    // As deployed: no development routes on the server either.
    app = await startServedApp({ env: { DEV_ROUTES: '' } });
    ({ browser, base } = app);
  }, 120_000);

  afterAll(() => app?.close());

  it('runs its own inline script by hash and refuses any other (Content-Security-Policy)', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) refused.push(m.text());
    });
    await page.goto(base + '/auth');
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(refused).toEqual([]);
    // A string, not a function: this file compiles without the DOM's types.
    const injectedRan = await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__dcInjected = true';
      document.head.appendChild(script);
      return window.__dcInjected === true;
    })()`);
    expect(injectedRan).toBe(false);
    expect(refused.join('\n')).toContain('script-src');
    await page.close();
  });

  it('leaves the development pages out of the production build: their paths show Page not found', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const path of DEV_PAGE_PATHS) {
      await page.goto(base + path);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Test Full Auth Flow' }).count()).toBe(0);
    }
    await page.close();
  });

  it('holds none of the development pages’ code or strings in the built files', () => {
    const built = builtFiles();
    const names = built.map((f) => f.name);
    // The media pages' screens by name (AutoplayTestScreen; the video feed's useAutoplayManager is the app's).
    expect(names.filter((n) => /AuthDebug|media-lab|MediaTest|AutoplayTest/i.test(n))).toEqual([]);
    const text = built.filter((f) => /\.(js|css|html|map)$/.test(f.name)).map((f) => f.text);
    // Every string of the debug console, the status panel and the media pages, in both languages,
    // but those a production screen says too ('Sign out', 'Failed to load image').
    const shared = new Set(productionLocales().flatMap((path) => stringsOf(readJson(path))));
    const devStrings = DEV_LOCALES.flatMap((path) => stringsOf(readJson(path))).filter(
      (v) => v.length >= 12 && !shared.has(v),
    );
    expect(devStrings.length).toBeGreaterThan(100);
    expect(devStrings.filter((v) => text.some((t) => t.includes(v)))).toEqual([]);
    // The search does find a production screen's strings (so the check above can fail).
    expect(text.some((t) => t.includes('Create Video Post'))).toBe(true);
  });

  it('ships no source maps: none built, none referenced, and a .map path answers 404', async () => {
    const built = builtFiles();
    expect(built.filter((f) => f.name.endsWith('.map')).map((f) => f.name)).toEqual([]);
    const scripts = built.filter((f) => /\.(m?js|css)$/.test(f.name));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((f) => f.text.includes('sourceMappingURL')).map((f) => f.name)).toEqual([]);
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(DIST, 'index.html'), 'utf8'))![1]!;
    const map = await fetch(`${base}${entry}.map`);
    expect(map.status).toBe(404);
    expect(await map.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  // Issue 37: at most 120 KB gzipped before a reader sees the first screen, their language's strings
  // included (each language has a chunk of its own, and there is no fallback language to fetch).
  it.each(['en', 'ar'])(
    'keeps the initial JavaScript of a %s reader under 120 KB gzipped, socket.io-client and the other language out of it',
    (language) => {
      const index = readFileSync(join(DIST, 'index.html'), 'utf8');
      const strings = (lang: string) => {
        const found = readdirSync(join(DIST, 'assets')).filter(
          (f) => f.startsWith(`resources.${lang}-`) && f.endsWith('.js'),
        );
        expect(found).toHaveLength(1);
        return `/assets/${found[0]}`;
      };
      const initial = [
        ...index.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
        ...index.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
      ].map((m) => m[1]!);
      expect(initial.length).toBeGreaterThan(1);
      initial.push(strings(language));
      const files = initial.map((src) => ({ src, body: readFileSync(join(DIST, src)) }));
      const sizes = files.map(({ src, body }) => ({
        src,
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      }));
      const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
      console.log(
        `initial JavaScript (${language}): ${sizes.length} files, ${(sizes.reduce((sum, s) => sum + s.bytes, 0) / 1000).toFixed(1)} KB, ` +
          `${(total / 1000).toFixed(1)} KB gzipped (limit 120 KB)\n` +
          sizes.map((s) => `  ${s.src} ${(s.gzip / 1000).toFixed(1)} KB`).join('\n'),
      );
      expect(total).toBeLessThan(120_000);
      // The realtime client is fetched with the first connection (resources/realtime/socket.ts).
      const holding = (text: string) =>
        files.filter(({ body }) => body.toString('utf8').includes(text)).map((f) => f.src);
      expect(holding('transport close')).toEqual([]);
      // React's names are Preact's (scripts/aliases.cjs): React's own code, whose production errors
      // point to react.dev, is not shipped.
      expect(holding('react.dev/errors')).toEqual([]);
      // One language's strings: a word of the other's sign-in screen is not in them.
      expect(holding(language === 'en' ? 'تسجيل الدخول' : 'Forgot password?')).toEqual([]);
    },
  );

  it("fetches only the reader's language: an Arabic reader's first load asks for no English strings", async () => {
    const context = await browser.newContext({ locale: 'ar', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
    });
    await page.goto(base + '/auth');
    await page.getByRole('tab', { name: 'تسجيل الدخول' }).waitFor();
    expect(scripts.filter((s) => s.includes('/resources.ar-'))).toHaveLength(1);
    expect(scripts.filter((s) => s.includes('/resources.en-'))).toEqual([]);
    // The interface's Naskh face, once the first screen is drawn (i18n/arabicFace.ts): the Arabic
    // block's file of each weight in use, not the extended one (styles/fonts/naskh.css) until a text
    // needs it; then both kept where the service worker answers from, for the next load's first paint.
    const naskh = async () =>
      fonts
        .filter((f) => f.includes('/naskh-'))
        .map((f) => f.replace(/-[\w-]{8}\.woff2$/, ''))
        .sort();
    await eventually(naskh, (files) => files.length >= 2, 'the Naskh core files fetched');
    expect(await naskh()).toEqual(['/assets/naskh-400-core', '/assets/naskh-700-core']);
    const kept = () =>
      page.evaluate<string[]>(
        `caches.open('dc-assets').then((c) => c.keys()).then((keys) => keys.map((k) => new URL(k.url).pathname).filter((p) => p.includes('/naskh-')).map((p) => p.replace(/-[\\w-]{8}\\.woff2$/, '')).sort())`,
      );
    await eventually(kept, (files) => files.length >= 2, 'the Naskh core files kept');
    expect(await kept()).toEqual(['/assets/naskh-400-core', '/assets/naskh-700-core']);
    // Browser-side code as strings: the test's own TypeScript has no DOM library (as ask-and-share).
    const loaded = (text: string, weight: number) =>
      page.evaluate<string[]>(
        `document.fonts.load('${weight} 20px "Noto Naskh Arabic"', ${JSON.stringify(text)}).then((l) => l.map((f) => f.family + ' ' + f.weight + ' ' + f.status))`,
      );
    // An honorific and a Persian letter come from the core face; Arabic Supplement's ݐ brings the extended one.
    await expect(loaded('صلى الله عليه وسلم ﷺ پ', 400)).resolves.toEqual(['Noto Naskh Arabic 400 loaded']);
    await expect(loaded('ݐ', 700)).resolves.toEqual(['Noto Naskh Arabic 700 loaded']);
    // Every character of such texts is the face's own: a text measures the same with two different
    // fallbacks only if nothing fell through to them.
    const same = `(() => {
      const c = document.createElement('canvas').getContext('2d');
      const w = (text, fallback) => { c.font = '700 24px "Noto Naskh Arabic", ' + fallback; return Math.round(c.measureText(text).width * 100); };
      return ['نربط الأمة ﷺ ﷲ ﷽', 'ݐ ݑ ࢠ ﭖ'].map((t) => w(t, 'monospace') === w(t, 'serif'));
    })()`;
    await expect(page.evaluate<boolean[]>(same)).resolves.toEqual([true, true]);
    expect(fonts.filter((f) => f.includes('/naskh-700-extended-'))).toHaveLength(1);
    expect(fonts.filter((f) => f.includes('/naskh-400-extended-'))).toEqual([]);
    await context.close();
  });

  it('signs up, signs in, lands on /home and switches to Arabic', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(base + '/home');
    await page.waitForURL(/\/auth$/);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const name = `e2e${Date.now().toString(36)}`;
    await page.getByLabel('Full name').fill('E2E Member');
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Email').fill(`${name}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Salaam#2026');
    await page.getByLabel('Confirm password').fill('Salaam#2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome to the Ummah!' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Continue to Sign In' }).click();
    await expect(page.getByLabel('Username or email').inputValue()).resolves.toBe(name);
    await page.getByLabel('Password', { exact: true }).fill('Salaam#2026');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.waitForURL(/\/home$/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    // The Arabic strings are fetched on this first switch (src/i18n/index.ts): the page turns once they are in.
    await page.locator('html[dir="rtl"]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await nav.getByRole('link', { name: 'الرئيسية' }).waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

    // A member's first load fetches the screen's chunk beside the session's answer, not after it
    // (app/routes.tsx preloadFirstScreen). The session's answer is held back until the awaited request
    // has gone out (5 s at most), so the order is the same on a loaded machine: without the preload the
    // request would wait for the answer, and the answer comes first. A first load has no service worker
    // yet (page.route cannot hold what a worker fetches), so this member's session opens in a context
    // without one.
    const firstLoad = await browser.newContext({
      ...NO_SERVICE_WORKER,
      storageState: await page.context().storageState(),
      viewport: { width: 390, height: 844 },
    });
    const fresh = await firstLoad.newPage();
    fresh.on('pageerror', (e) => pageErrors.push(e.message));
    const order: string[] = [];
    fresh.on('request', (r) => order.push(`ask ${new URL(r.url()).pathname}`));
    fresh.on('response', (r) => order.push(`answer ${new URL(r.url()).pathname}`));
    fresh.on('websocket', () => order.push('socket'));
    const askedBeforeSession = async (path: string, awaited: RegExp): Promise<void> => {
      // From a blank page: the last load's late work (its socket, what the socket's connect asks) ends here.
      await fresh.goto('about:blank');
      order.length = 0;
      let asked = (): void => undefined;
      const seen = new Promise<void>((resolve) => (asked = resolve));
      const watch = (r: { url(): string }): void => void (awaited.test(new URL(r.url()).pathname) && asked());
      fresh.on('request', watch);
      await fresh.route('**/api/auth/me', async (route) => {
        await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        await route.continue();
      });
      // Waits for the two events themselves, not for a quiet network: whatever the machine's load, the
      // check reads the order once both have happened (a missing preload makes the request come after).
      const events = Promise.all([
        fresh.waitForRequest((r) => awaited.test(new URL(r.url()).pathname), { timeout: 30_000 }),
        fresh.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/me', { timeout: 30_000 }),
      ]);
      await fresh.goto(base + path);
      await events;
      await fresh.unroute('**/api/auth/me');
      fresh.off('request', watch);
      // On failure the diff shows everything that went out before the session's answer.
      const answered = order.indexOf('answer /api/auth/me');
      const beforeSession = order.slice(0, Math.max(answered, 0));
      expect({ answered: answered >= 0, beforeSession }).toEqual({
        answered: true,
        beforeSession: expect.arrayContaining([expect.stringMatching(new RegExp(`^ask ${awaited.source.slice(1)}`))]),
      });
    };
    await askedBeforeSession('/learning', /^\/assets\/LearningScreen-[^/]+\.js$/);
    // And the catalogue's first page (app/firstData.ts).
    await askedBeforeSession('/learning', /^\/api\/courses$/);
    // And on /home the member's first feed page is asked for before the session has answered.
    await askedBeforeSession('/home', /^\/api\/feed$/);
    // Asked before the first render, and once: the root takes that request as its fetch on mount. The
    // socket's connect asks again (what changed before it listened was pushed to no one).
    await fresh.waitForLoadState('networkidle', { timeout: 30_000 });
    // This page's socket opens once the session has answered.
    const socket = await eventually(
      async () => order.indexOf('socket', order.indexOf('answer /api/auth/me')),
      (at) => at > 0,
      'the socket opened',
    );
    const beforeSocket = order.slice(0, socket);
    expect(beforeSocket.filter((event) => event === 'ask /api/auth/me')).toEqual(['ask /api/auth/me']);
    // The token and the reader's strings were asked for by the page's head (app/earlyStart.ts), and the
    // app took that token request rather than sending its own.
    expect(order.filter((event) => event === 'ask /api/auth/csrf')).toEqual(['ask /api/auth/csrf']);
    // Browser-side code as a string: the test's own TypeScript has no DOM library.
    await expect(
      fresh.evaluate(`({
        taken: Object.keys(window.dcEarly ?? { missing: true }),
        strings: [...document.querySelectorAll('link[rel="modulepreload"]')]
          .map((link) => new URL(link.href).pathname)
          .filter((path) => path.startsWith('/assets/resources.')),
      })`),
    ).resolves.toEqual({ taken: [], strings: [expect.stringMatching(/^\/assets\/resources\.ar-[^/]+\.js$/)] });
    await firstLoad.close();
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 90_000);

  it('serves the app for deep links, opens a shared one to a visitor as a guest, and keeps /api errors as JSON', async () => {
    const page = await browser.newPage();
    const res = await page.goto(base + '/profile/someone');
    expect(res?.status()).toBe(200);
    expect(await page.title()).toMatch(/DeenConnect/);
    // A visitor following a shared link browses as a guest: the app's shell, not the sign-in screen.
    await page.getByRole('banner').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/someone');
    await expect(page.evaluate("localStorage.getItem('isGuestMode')")).resolves.toBe('true');
    const api = await page.request.get(base + '/api/does-not-exist');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
    await page.close();
  });
});
