import { type Cast, promoted, signUpCast } from '@testing/cast';
import { eventually } from '@testing/eventually';
import { ownedResources } from '@testing/owned-resources';
import type { BrowserContext, Page } from 'playwright-core';

import {
  axeSeriousFindings,
  goInApp,
  keepScreenshot,
  NO_SERVICE_WORKER,
  type ServedApp,
  sidewaysOverflow,
  signInThroughForm,
  startServedApp,
  waitForExpression,
} from './served-app';

/**
 * Issue 37, "Layout" and "Accessibility held": every screen of the app, signed in, in English and
 * Arabic: no sideways scroll at 320, 390 or 1280 px, no label cut short at 320 px and no file picker
 * drawn by the browser as the screen opens (issue 40), and axe-core's whole rule set (experimental rules included) finds
 * nothing serious or critical. DC_SCREENSHOTS=1 also writes each screen at 390 and 1280 px to
 * artifacts/routes (for the notes; too slow to do on every run).
 */

const WIDTHS = [320, 390, 1280] as const;
const LANGUAGES = ['en', 'ar'] as const;

/** Until no screen, list or panel of the page says it is still loading. */
async function settled(page: Page): Promise<void> {
  // The layout's main first: right after a reload nothing is mounted yet, and an empty page has no
  // loading indicator either (a loaded run once went on before React had drawn anything).
  await waitForExpression(
    page,
    `!!document.querySelector('main#main') && !document.querySelector('.screen-loading, [aria-busy="true"], .skeleton')`,
  );
  await page.waitForTimeout(150);
}

/**
 * The controls of the screen the floating create-post button lies over, scrolled to the very end
 * (the content's padding must let the last control clear it), and where the primary navigation is.
 */
async function chrome(page: Page): Promise<{ covered: string[]; nav: { x: number; width: number; height: number } }> {
  return page.evaluate(`(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const fab = document.querySelector('.fab').getBoundingClientRect();
    const nav = document.querySelector('nav.bottom-bar').getBoundingClientRect();
    const hit = (b) => b.width > 0 && b.height > 0 && b.left < fab.right && b.right > fab.left && b.top < fab.bottom && b.bottom > fab.top;
    const covered = Array.from(document.querySelectorAll('main a, main button, main input, main select, main textarea'))
      .filter((el) => hit(el.getBoundingClientRect()))
      .map((el) => el.tagName.toLowerCase() + ' ' + (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40));
    window.scrollTo(0, 0);
    return { covered, nav: { x: Math.round(nav.x), width: Math.round(nav.width), height: Math.round(nav.height) } };
  })()`);
}

/**
 * Labels cut short at the page's width: a button, link, tab or field label whose text is wider than
 * its box while its box hides the rest (an ellipsis or a clip), named with the text it holds.
 */
async function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const hides = (style) => style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    // The controls and what they hold: a label cut short inside its own span is cut short too.
    const controls = 'button, a, label, [role="tab"], summary, .status-pill';
    return Array.from(document.querySelectorAll(controls + ', ' + controls.split(', ').map((c) => c + ' *').join(', ')))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Boxes of 1 px are labels for screen readers only (.visually-hidden), meant to be unseen.
        if (box.width <= 1 || box.height <= 1 || !(el.textContent || '').trim()) return false;
        return el.scrollWidth > el.clientWidth + 1 && hides(getComputedStyle(el));
      })
      .slice(0, 5)
      .map((el) => el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '" ' + el.scrollWidth + '>' + el.clientWidth);
  })()`);
}

/**
 * File inputs the browser draws itself (its own button and "No file chosen", in the browser's
 * language, not the page's): every picker of the app is a button of ours in the page's language,
 * the input under it hidden or transparent (issue 40).
 */
async function browserFilePickers(page: Page): Promise<string[]> {
  return page.evaluate(`Array.from(document.querySelectorAll('input[type="file"]'))
    .filter((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && Number(style.opacity) > 0.01;
    })
    .map((el) => 'input[type=file] ' + (el.id || el.getAttribute('name') || el.className || '(unnamed)'))`);
}

describe('every screen, both languages, three widths (Chromium)', () => {
  let app: ServedApp;
  let cast: Cast;
  let routes: { member: string[]; admin: string[] };
  let context: BrowserContext;

  beforeAll(async () => {
    app = await startServedApp();
    cast = await signUpCast(app.runtime);
    const owned = await ownedResources(app.runtime, cast);
    const owner = cast.visitors.owner.member!;
    routes = {
      member: [
        '/home',
        `/post/${owned.post}`,
        `/profile/${owner.username}`,
        '/notifications',
        '/bookmarks',
        '/search',
        '/search-results?q=salaam',
        '/learning',
        `/course/${owned.course}`,
        `/course/${owned.learningCourse}/learn`,
        '/cart',
        '/orders',
        '/my-courses',
        '/teach',
        `/teach/${owned.course}`,
        '/messages',
        `/messages?conversation=${owned.conversation}`,
        '/account-settings',
        '/videos',
        '/support',
        '/compose',
      ],
      admin: ['/moderation', '/admin/vendors', '/support'],
    };
    await promoted(app.runtime, cast.visitors.admin.member!, 'admin');
  }, 240_000);

  afterEach(async () => context?.close());
  afterAll(async () => app?.close());

  async function walk(who: 'member' | 'admin', lang: (typeof LANGUAGES)[number]) {
    context = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      ...NO_SERVICE_WORKER,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const member = who === 'admin' ? cast.visitors.admin.member! : cast.visitors.owner.member!;
    await signInThroughForm(page, app.base, member);
    await page.evaluate(`localStorage.setItem('dc.lang', '${lang}')`);
    await page.reload();
    await waitForExpression(page, `document.documentElement.lang === '${lang}'`);
    // The Naskh face of the Arabic interface: set and loaded (by the page's own text) for Arabic
    // readers, never even listed for others.
    const naskh = () =>
      page.evaluate(
        `Array.from(document.fonts).filter((f) => f.family.replace(/"/g, '') === 'Noto Naskh Arabic').map((f) => f.status)`,
      ) as Promise<string[]>;
    if (lang === 'ar') {
      expect(await page.evaluate('getComputedStyle(document.body).fontFamily')).toMatch(/^"Noto Naskh Arabic"/);
      await eventually(naskh, (faces) => faces.includes('loaded'), 'the Naskh face loaded');
    } else expect(await naskh()).toEqual([]);
    const found: Record<string, string[]> = {};
    for (const path of routes[who]) {
      await page.setViewportSize({ width: 390, height: 844 });
      await goInApp(page, path);
      await settled(page);
      if (path === routes[who][0]) {
        // The check sees what it must: a picture put in without a text alternative is found.
        await page.evaluate(
          `document.querySelector('main').insertAdjacentHTML('beforeend', '<img id="planted" src="/x.png">')`,
        );
        expect(await axeSeriousFindings(page)).toContainEqual(
          expect.stringMatching(/^image-alt \(critical\): #planted$/),
        );
        await page.evaluate(`document.getElementById('planted').remove()`);
        // And a file input left for the browser to draw is found.
        await page.evaluate(
          `document.querySelector('main').insertAdjacentHTML('beforeend', '<input type="file" id="bare-picker">')`,
        );
        expect(await browserFilePickers(page)).toEqual(['input[type=file] bare-picker']);
        await page.evaluate(`document.getElementById('bare-picker').remove()`);
      }
      const axe = await axeSeriousFindings(page);
      if (axe.length) found[`${path} axe`] = axe;
      const pickers = await browserFilePickers(page);
      if (pickers.length) found[`${path} file pickers the browser draws`] = pickers;
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await page.waitForTimeout(50);
        const overflow = await sidewaysOverflow(page);
        if (overflow.length) found[`${path} at ${width} px`] = overflow;
        if (width === 320 && path === routes[who][0]) {
          // The check sees what it must: a label squeezed into a box too narrow for it is found.
          await page.evaluate(
            `document.querySelector('main').insertAdjacentHTML('beforeend', '<button id="squeezed" style="width:3rem;overflow:hidden;white-space:nowrap">Continue learning</button>')`,
          );
          expect(await clippedLabels(page)).toContainEqual(expect.stringMatching(/^button "Continue learning"/));
          await page.evaluate(`document.getElementById('squeezed').remove()`);
        }
        if (width === 320) {
          // Issue 40: labels that fit at the narrowest phone, in both languages.
          const clipped = await clippedLabels(page);
          if (clipped.length) found[`${path} at 320 px, labels cut short`] = clipped;
        }
        if (width !== 320) {
          const { covered, nav } = await chrome(page);
          if (covered.length) found[`${path} at ${width} px, under the create-post button`] = covered;
          // A phone: the bar along the bottom. A desktop: a side navigation at the reading start.
          const side = lang === 'ar' ? nav.x + nav.width === width : nav.x === 0;
          const placed = width >= 1024 ? nav.height > nav.width && side : nav.width === width && nav.height < 100;
          if (!placed) found[`${path} at ${width} px, navigation`] = [JSON.stringify(nav)];
        }
        if (width !== 320) {
          const name = path.replace(/[/?=]+/g, '_').replace(/^_/, '') || 'root';
          await keepScreenshot(page, `routes/${name}-${lang}-${width}`);
        }
      }
    }
    expect(found).toEqual({});
  }

  for (const lang of LANGUAGES) {
    it(`a member's screens in ${lang}`, () => walk('member', lang), 240_000);
    it(`a moderator's screens in ${lang}`, () => walk('admin', lang), 120_000);
  }
});
