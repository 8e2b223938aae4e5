import type { Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import { NO_SERVICE_WORKER, type ServedApp, signInThroughForm, startServedApp, watchForFailures } from './served-app';

/**
 * Issue 15's "Must show": a member asks the AI scholar a question on /search, reads the cited
 * verses, shares the answer anonymously and finds it in the Q&A Community Feed tab — through the
 * real screens, the real offline provider over the whole Quran and the real share command.
 */

const WAIT = { timeout: 15_000 };

describe('ask the AI scholar, share the answer, find it in the Q&A feed (Chromium)', () => {
  let app: ServedApp;
  let context: BrowserContext;
  let page: Page;
  let failures: ReturnType<typeof watchForFailures>;
  let member: Member;
  const fonts: string[] = [];

  beforeAll(async () => {
    app = await startServedApp();
    member = await registerVerifiedMember(app.runtime);
    context = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      ...NO_SERVICE_WORKER,
    });
    page = await context.newPage();
    failures = watchForFailures(page);
    page.on('response', (r) => {
      if (r.ok() && /\.woff2?$/.test(r.url())) fonts.push(r.url());
    });
    page.setDefaultTimeout(15_000);
    await signInThroughForm(page, app.base, member);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
  });

  it('answers a question with cited verses that open to the Arabic and the translation', async () => {
    await page.goto(app.base + '/search');
    const box = page.getByRole('search').getByRole('combobox');
    await box.fill('Patience');
    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).waitFor(WAIT);
    await box.fill('What does the Quran say about patience?');
    await page.getByRole('search').getByRole('button', { name: 'Ask AI' }).click();

    const card = page.getByRole('article', { name: 'AI Scholar' });
    await card.waitFor(WAIT);
    await card.getByRole('note').waitFor(WAIT);
    const verses = card.getByRole('button', { expanded: false });
    expect(await verses.count()).toBeGreaterThanOrEqual(3);
    // 2:153 "seek help through patience and prayer" is the verse a good answer must cite.
    const verse = card.getByRole('button', { name: /2:153$/ });
    await verse.click();
    await expect(verse.getAttribute('aria-expanded')).resolves.toBe('true');
    const body = card.locator(`#${await verse.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    await body.getByText(/patience and prayer/i).waitFor(WAIT);
    const arabic = body.locator('[lang="ar"]');
    const text = (await arabic.textContent()) ?? '';
    expect(text).toMatch(/[\u0600-\u06ff]/);
    // The verse is set in the bundled Amiri Quran, loaded (woff2) and covering this verse's marks,
    // not left to whatever Arabic font the device has.
    // Browser-side code as strings: the test's own TypeScript has no DOM library (as member-journey).
    const id = JSON.stringify(await verse.getAttribute('aria-controls'));
    const style = `getComputedStyle(document.getElementById(${id}).querySelector('[lang="ar"]')).fontFamily`;
    expect(await page.evaluate<string>(style)).toMatch(/^"Amiri Quran"/);
    const load = `document.fonts.load('1.3rem "Amiri Quran"', ${JSON.stringify(text)})`;
    const faces = await page.evaluate<string[]>(`${load}.then((l) => l.map((f) => f.family + ' ' + f.status))`);
    expect(faces).toEqual(['Amiri Quran loaded']);
    expect(fonts.some((url) => /amiri-quran-arabic-400-normal-[\w-]+\.woff2$/.test(url))).toBe(true);
    // Every glyph of every cited verse is Amiri Quran's own: a text measures the same with two
    // different fallback fonts only if no character fell through to them (a missing mark would).
    const widths = `(() => {
      const c = document.createElement('canvas').getContext('2d');
      const w = (text, fallback) => { c.font = '24px "Amiri Quran", ' + fallback; return Math.round(c.measureText(text).width * 100); };
      return Array.from(document.querySelectorAll('.citation__arabic')).map((p) => {
        const text = p.textContent;
        return { chars: text.length, same: w(text, 'monospace') === w(text, 'serif') && w(text, 'serif') === w(text, 'cursive') };
      });
    })()`;
    const measured = await page.evaluate<{ chars: number; same: boolean }[]>(widths);
    expect(measured.length).toBeGreaterThanOrEqual(3);
    expect(measured.every((m) => m.chars > 10)).toBe(true);
    expect(measured.filter((m) => !m.same)).toEqual([]);
  }, 60_000);

  it('shares the answer anonymously and finds it, by Anonymous, in the Q&A Community Feed', async () => {
    await page.getByRole('article', { name: 'AI Scholar' }).getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share to the Q&A Community' });
    await dialog.getByRole('switch', { name: /Post Anonymously/ }).check();
    const shared = page.waitForResponse((r) => r.url().endsWith('/api/ai-share') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Share Answer' }).click();
    expect((await shared).status()).toBe(201);
    await page.getByText('Your Islamic Q&A has been shared anonymously to the Search feed.').waitFor(WAIT);
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    await page.getByRole('tab', { name: 'Q&A Community Feed' }).click();
    const entry = page
      .getByRole('list', { name: 'Q&A Community Feed' })
      .getByRole('article', { name: 'Shared answer: What does the Quran say about patience?' })
      .first();
    await entry.waitFor(WAIT);
    await entry.getByText('Anonymous').waitFor(WAIT);
    expect(await entry.textContent()).not.toContain(member.username);
    // Anonymous to everyone, yet its author may delete it.
    await entry.getByRole('button', { name: 'Delete' }).waitFor(WAIT);
    // The answer is cut to 200 characters until asked for in full.
    const more = entry.getByRole('button', { name: 'Read more' });
    if (await more.count()) await more.click();
    expect(await entry.textContent()).toContain('2:153');
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  }, 60_000);
});
