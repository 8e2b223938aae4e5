import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { loadConfig } from '../../backend/src/platform/config';
import { createLogger } from '../../backend/src/platform/logging';
import { withRunMediaTools } from '../../backend/src/platform/testing/services';
import { type Runtime, startRuntime } from '../../backend/src/runtime';
import { profilesFor, type TestProfile } from '../../backend/src/testing/profiles';
import { launchBrowser } from './browser';

export const ROOT = join(__dirname, '../..');

export interface ServedApp {
  runtime: Runtime;
  browser: Browser;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Stops the browser and the server and removes the data folder. */
  close(): Promise<void>;
}

/** Where each build of the web app is written (scripts/build-if-stale.mjs). */
export const BUILDS = { production: 'frontend/dist', development: 'frontend/dist-dev' } as const;

/**
 * Waits for the builds Jest's global setup started in the background (scripts/jest-global-setup.cjs),
 * so that two suites never build the same output at once; answers at once outside such a run.
 */
async function backgroundBuilds(): Promise<void> {
  const run = process.env.DC_TEST_RUN_DIR;
  if (!run) return;
  const status = join(run, 'web-build.status');
  for (const until = Date.now() + 180_000; !existsSync(status); ) {
    if (Date.now() > until) throw new Error('the web app builds started by the global setup never finished');
    await new Promise((r) => setTimeout(r, 100));
  }
  const { code, errors } = JSON.parse(readFileSync(status, 'utf8')) as { code: number; errors: string };
  if (code !== 0) throw new Error(`the web app builds failed:\n${errors}`);
}

/** Builds the web app when its output is older than its sources; the production build unless asked. */
export async function buildWebApp(build: keyof typeof BUILDS = 'production'): Promise<string> {
  await backgroundBuilds();
  const target = build === 'production' ? 'frontend' : 'frontend-dev';
  const run = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', target], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${target} build failed:\n${run.stdout}\n${run.stderr}`);
  return join(ROOT, BUILDS[build]);
}

/**
 * The built web app served by the real backend on a loopback port, and the run's Chromium to drive
 * it. The production build unless `build` says 'development' (the one with the development pages,
 * /auth-debug and the media pages); on the API suites' profile (PostgreSQL + Redis when they answer)
 * unless `profile` names one (member-journey walks the embedded app `npm start` runs). `fullBrowser`:
 * the full Chromium rather than the headless shell the other suites share (browser-server.cjs).
 */
export async function startServedApp({
  build = 'production',
  profile = profilesFor()[0]!(),
  env = {},
  fullBrowser = false,
}: {
  build?: keyof typeof BUILDS;
  profile?: TestProfile;
  env?: Record<string, string>;
  fullBrowser?: boolean;
} = {}): Promise<ServedApp> {
  const [dist, browser] = await Promise.all([buildWebApp(build), launchBrowser({ full: fullBrowser })]);
  const config = withRunMediaTools(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...profile.env(),
      FRONTEND_DIST: dist,
      // The journeys follow mail links through GET /api/dev/outbox (off outside development).
      DEV_ROUTES: 'true',
      ...env,
    }),
  );
  const runtime = await startRuntime(config, createLogger('silent'));
  await runtime.http!.listen(0, '127.0.0.1');
  const { port } = runtime.http!.getHttpServer().address() as { port: number };
  return {
    runtime,
    browser,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await browser.close();
      await runtime.shutdown();
      await profile.cleanup(runtime);
    },
  };
}

/**
 * Records what must never happen while a member uses the app: uncaught errors in the page (a script,
 * style, image or connection the Content-Security-Policy refused counts as one) and server errors
 * (5xx) on any request it makes.
 */
export function watchForFailures(page: Page): { pageErrors: string[]; serverErrors: string[] } {
  const pageErrors: string[] = [];
  const serverErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      pageErrors.push(`CSP: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500)
      serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { pageErrors, serverErrors };
}

/** Signs a member in through the real form, as a person would, and waits for the home feed. */
export async function signInThroughForm(
  page: Page,
  base: string,
  member: { email: string; password: string },
  labels: SignInLabels = ENGLISH_SIGN_IN,
) {
  await page.goto(base + '/auth');
  await page.getByLabel(labels.account, { exact: true }).fill(member.email);
  await page.getByLabel(labels.password, { exact: true }).fill(member.password);
  // The screen's tab and its submit button read the same: the submit comes last.
  await page.getByRole('button', { name: labels.submit, exact: true }).last().click();
  await page.waitForURL(/\/home$/, { timeout: 20_000 });
}

/** The sign-in form's labels in the reader's language (auth.usernameOrEmail, auth.password, auth.signInButton). */
export interface SignInLabels {
  account: string;
  password: string;
  submit: string;
}
const ENGLISH_SIGN_IN: SignInLabels = { account: 'Username or email', password: 'Password', submit: 'Sign In' };

/** Issue 18's looks of every new screen: both languages, light and dark. */
export const LOOKS = [
  ['en', 'light'],
  ['en', 'dark'],
  ['ar', 'light'],
  ['ar', 'dark'],
] as const;
export type Look = (typeof LOOKS)[number];
/** The two widths every screen is checked at. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Language and theme as a member's earlier choice (the header's menus write the same keys); read on the next load. */
export async function preferLook(page: Page, [lang, theme]: Look): Promise<void> {
  await page.evaluate(`localStorage.setItem('dc.lang', '${lang}'); localStorage.setItem('dc.theme', '${theme}')`);
}

/**
 * Waits until a JavaScript expression holds in the page. page.waitForFunction would poll it with
 * eval inside the page, which the app's Content-Security-Policy refuses (no 'unsafe-eval'); each
 * page.evaluate here runs from outside.
 */
export async function waitForExpression(page: Page, expression: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > until) throw new Error(`never held in the page: ${expression}`);
    await page.waitForTimeout(100);
  }
}

/** Waits until the loaded page shows the language, direction and theme asked for. */
export async function waitForLook(page: Page, [lang, theme]: Look): Promise<void> {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const root = 'document.documentElement';
  await waitForExpression(
    page,
    `${root}.lang === '${lang}' && ${root}.dir === '${dir}' && ${root}.dataset.theme === '${theme}'`,
  );
}

/**
 * What makes the page scroll sideways at its current width: the page's own overflow and the
 * elements reaching past either edge (a few, named by tag and class), or [] when nothing does.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width + 1) return [];
    const name = (el) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
    const out = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 1 || box.left < -1);
    });
    return ['page ' + root.scrollWidth + ' px wide in ' + width + ' px'].concat(out.slice(0, 5).map(name));
  })()`);
}

/**
 * Screenshots for the notes, under artifacts/ (`name` may hold a folder), taken only when
 * DC_SCREENSHOTS=1: they catch nothing a check does not, and encoding them cost the browser suites
 * a good part of their time on every run.
 */
export async function keepScreenshot(
  page: Page,
  name: string,
  { fullPage, waitForImages }: { fullPage?: boolean; waitForImages?: boolean } = {},
): Promise<void> {
  if (process.env.DC_SCREENSHOTS !== '1') return;
  const path = join(ROOT, 'artifacts', `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  // Where the pictures are part of what the screenshot shows (posted images).
  if (waitForImages) await waitForExpression(page, 'Array.from(document.images).every((img) => img.complete)', 10_000);
  // No hover highlight left on the last button pressed.
  await page.mouse.move(1, 1);
  await page.screenshot({ path, ...(fullPage === undefined ? {} : { fullPage }) });
}

/** At 390 px then 1280 px: no sideways scrolling (and a screenshot of each, kept as above). */
export async function checkBothWidths(page: Page, name: string, look: Look): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    expect({ screen: name, look, width: viewport.width, overflow: await sidewaysOverflow(page) }).toMatchObject({
      overflow: [],
    });
    await keepScreenshot(page, `${name}-${look.join('-')}-${viewport.width}`);
  }
  await page.setViewportSize(PHONE);
}

/** Moves within the single-page app as a link would (the router follows popstate): no reload. */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

/**
 * Context options for a suite whose subject is not the service worker: without it, each new context
 * skips installing the worker and precaching every chunk, about a fifth of Chromium's CPU per page
 * load here. The suites about it (offline, push, member switch, the journeys) keep it.
 */
export const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

/** Until the app's service worker is active (it registers once the page is idle). */
export async function serviceWorkerActive(page: Page): Promise<void> {
  await waitForExpression(
    page,
    `navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === 'activated')`,
    30_000,
  );
}

/** The rules axe-core checks: its whole rule set, experimental rules included (issue 37). */
const AXE_OPTIONS = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'],
  },
  // Only what is reported: building the passes and the rules that did not apply took most of a run.
  resultTypes: ['violations'],
};
/** axe-core's source, read when a suite first checks a page (most suites that load this file never do). */
let axeSource: string | undefined;
const axe = (): string => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * axe-core's serious and critical findings on the page as it is, each as `rule (impact): the first
 * three elements`. axe is put into the page once and stays across the app's own navigations; the
 * adapter package put it in again and finished each run in a page of its own (2-5 s a screen here,
 * against 0.05-0.3 s).
 */
export async function axeSeriousFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe());
  const violations = (await page.evaluate(
    `axe.run(document, ${JSON.stringify(AXE_OPTIONS)}).then((r) => r.violations.map((v) => ({
      id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    })))`,
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(' | ')}`);
}
