import type { Member } from '@testing/members';
import type { BrowserContext, Locator, Page } from 'playwright-core';

import {
  DESKTOP,
  keepScreenshot,
  PHONE,
  type ServedApp,
  signInThroughForm,
  waitForExpression,
  watchForFailures,
} from '../served-app';
import { type Lang, t } from './strings';

/**
 * One member's visit in a browser context of their own, in their language from the first load (as
 * a member who chose it before: `dc.lang` in localStorage), which must stay the only load: every
 * later step moves by the app's own links and buttons (or history), never by a reload.
 */
export interface Visit {
  lang: Lang;
  context: BrowserContext;
  page: Page;
  failures: ReturnType<typeof watchForFailures>;
  /** The member's language's string at `key` (strings.ts). */
  tr: (key: string, vars?: Record<string, string | number>) => string;
  /** Full document loads of the page so far. */
  loads: () => number;
}

export const WAIT = { timeout: 15_000 };
/** Set on the first document; still there at the end only if the page was never loaded again. */
const MARK = '__journeyDocument';

export async function openVisit(app: ServedApp, lang: Lang, viewport: typeof PHONE = PHONE): Promise<Visit> {
  const context = await app.browser.newContext({
    viewport,
    colorScheme: 'light',
    locale: lang === 'ar' ? 'ar' : 'en-US',
  });
  await context.addInitScript(`localStorage.setItem('dc.lang', '${lang}')`);
  const page = await context.newPage();
  const failures = watchForFailures(page);
  page.setDefaultTimeout(WAIT.timeout);
  page.setDefaultNavigationTimeout(30_000);
  let loads = 0;
  page.on('load', () => (loads += 1));
  return { lang, context, page, failures, tr: (key, vars) => t(lang, key, vars), loads: () => loads };
}

/**
 * The Notifications tab's name with `count` unread, in the words the visit's width shows: shorter on
 * a phone's bottom bar, in full in a desktop's side navigation (BottomBar's SHORT).
 */
export function notificationsTabName({ page, tr }: Visit, count: number): string {
  const wide = (page.viewportSize()?.width ?? 0) >= 1024;
  return tr('notifications.tabLabel', { count, label: tr(wide ? 'nav.notifications' : 'nav.short.notifications') });
}

/** The first (and only) load: the sign-in screen, signed in through its form, then home. */
export async function signIn(app: ServedApp, visit: Visit, member: Member): Promise<void> {
  const { page, tr } = visit;
  await signInThroughForm(page, app.base, member, {
    account: tr('auth.usernameOrEmail'),
    password: tr('auth.password'),
    submit: tr('auth.signInButton'),
  });
  await markDocument(visit);
}

/** A member's visit, signed in through the form (the one load). */
export async function visitAs(app: ServedApp, lang: Lang, member: Member, viewport = PHONE): Promise<Visit> {
  const visit = await openVisit(app, lang, viewport);
  await signIn(app, visit, member);
  return visit;
}

/** Marks the page's document, once it is the one the rest of the visit must keep. */
export async function markDocument(visit: Visit): Promise<void> {
  await visit.page.evaluate(`window.${MARK} = true`);
  expect(visit.loads()).toBe(1);
}

/** The visit kept its one document (no reload), met no page or server error, and closes. */
export async function endVisit(visit: Visit | undefined): Promise<void> {
  if (!visit) return;
  try {
    expect({ loads: visit.loads(), kept: await visit.page.evaluate(`window.${MARK} === true`) }).toEqual({
      loads: 1,
      kept: true,
    });
    expect(visit.failures).toEqual({ pageErrors: [], serverErrors: [] });
  } finally {
    await visit.context.close();
  }
}

/** A link of the bottom bar (the app's seven tabs), by the name the member reads. */
export const tab = (visit: Visit, key: string): Locator =>
  visit.page
    .getByRole('navigation', { name: visit.tr('nav.primary') })
    .getByRole('link', { name: visit.tr(`nav.${key}`), exact: true });

/**
 * The text of `locator` is isolated from its neighbours for the bidirectional algorithm: the
 * nearest `<bdi>` or element with `dir` holds exactly that text (a handle, a name, a number), so an
 * Arabic line neither reorders it nor is reordered by it.
 */
export async function expectIsolated(locator: Locator): Promise<void> {
  const found = await locator.evaluate((element) => {
    type Node = { closest(selector: string): Node | null; textContent: string | null; tagName: string };
    const el = element as unknown as Node;
    const isolate = el.closest('bdi, [dir]');
    return {
      text: (el.textContent ?? '').trim(),
      isolate: isolate && isolate.tagName !== 'HTML' ? (isolate.textContent ?? '').trim() : null,
    };
  });
  expect(found.isolate).toBe(found.text);
}

/** Until the page has scrolled to `y` (within a pixel). */
export const scrolledTo = (page: Page, y: number, timeoutMs = 5_000) =>
  waitForExpression(page, `Math.abs(window.scrollY - ${y}) <= 1`, timeoutMs);

/**
 * Screenshots of the screen as it is at 390 px and 1280 px, as artifacts/journeys/<name>-<lang>-<width>.png;
 * only when screenshots are asked for (DC_SCREENSHOTS=1), so a run without them does not pay for the resizing.
 */
export async function shot(visit: Visit, name: string): Promise<void> {
  if (process.env.DC_SCREENSHOTS !== '1') return;
  const { page } = visit;
  const before = page.viewportSize() ?? PHONE;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    await keepScreenshot(page, `journeys/${name}-${visit.lang}-${viewport.width}`, { waitForImages: true });
  }
  await page.setViewportSize(before);
}
