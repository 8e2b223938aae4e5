import { type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import { memberWithRole } from '../../backend/modules/moderation/testing/staff';
import {
  axeSeriousFindings,
  NO_SERVICE_WORKER,
  type ServedApp,
  sidewaysOverflow,
  signInThroughForm,
  startServedApp,
  waitForExpression,
  watchForFailures,
} from './served-app';

/**
 * Issue 19's and issue 38's "Must show", through the real screens: a member posts and edits the
 * post, another reports it; a moderator opens the report's history, slides back to the version
 * before the edit and reads the original words; then hides the post from the queue and reads the
 * hide in its history. The post, the edit and the report are made over the HTTP API.
 */

const WAIT = { timeout: 20_000 };
const ORIGINAL = 'The words as first posted (e2e)';
const EDITED = 'A post someone reported, after an edit (e2e)';

async function signIn(app: ServedApp, context: BrowserContext, m: Member): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInThroughForm(page, app.base, m);
  return page;
}

describe('a reported post: its history as members saw it, and hiding it (Chromium)', () => {
  let app: ServedApp;
  let context: BrowserContext;
  let page: Page;
  let failures: ReturnType<typeof watchForFailures>;
  let author: Member;
  let reporter: Member;
  let postId: string;

  beforeAll(async () => {
    app = await startServedApp();
    author = await registerVerifiedMember(app.runtime);
    reporter = await registerMember(app.runtime);
    postId = (await createPost(author, { content: ORIGINAL })).id;
    const edited = await author.agent
      .patch(`/api/posts/${postId}/edit`)
      .set('X-CSRF-Token', author.token)
      .send({ content: EDITED });
    expect(edited.status).toBe(200);
    const reported = await reporter.agent
      .post(`/api/posts/${postId}/report`)
      .set('X-CSRF-Token', reporter.token)
      .send({ reason: 'Spam link' });
    expect(reported.status).toBe(201);
    const moderator = await memberWithRole(app.runtime, 'moderator');
    context = await app.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      ...NO_SERVICE_WORKER,
    });
    page = await signIn(app, context, moderator);
    failures = watchForFailures(page);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
  });

  it("opens the report's history and slides back to the words before the edit", async () => {
    await page.goto(app.base + '/moderation');
    await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor(WAIT);
    const card = page.getByRole('listitem', { name: `Post @${author.username}` });
    await card.getByText(EDITED).waitFor(WAIT);
    await card.getByRole('link', { name: 'History at the report' }).click();
    await page.waitForURL(/tab=audit&stream=post-[^&]+&at=1$/, WAIT);

    // As the reporter saw it: the edited words, the edit marked with the words before it.
    const atReport = page.getByRole('article', { name: 'Post at version 1' });
    await atReport.getByText(EDITED).waitFor(WAIT);
    await atReport.getByText(`Before: ${ORIGINAL}`).waitFor(WAIT);
    await atReport.getByText('Edited', { exact: true }).first().waitFor(WAIT);
    const slider = page.getByRole('slider', { name: 'Version' });
    expect(await slider.inputValue()).toBe('1');
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^Version 2 of 2 · PostEdited · /);

    // The keyboard moves it; the version under it loads once it rests.
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    const original = page.getByRole('article', { name: 'Post at version 0' });
    await original.getByText(ORIGINAL).waitFor(WAIT);
    expect(await original.innerText()).not.toContain(EDITED);
    await page.getByText('The first version: nothing came before it.').waitFor(WAIT);
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^Version 1 of 2 · PostCreated · /);
    await page.waitForURL(/at=0$/, WAIT);

    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(50);
      expect({ width, overflow: await sidewaysOverflow(page) }).toEqual({ width, overflow: [] });
    }
    expect(await axeSeriousFindings(page)).toEqual([]);
    expect(failures).toEqual({ pageErrors: [], serverErrors: [] });
  }, 90_000);

  it('reads the same history in Arabic, right to left', async () => {
    await page.evaluate(`localStorage.setItem('dc.lang', 'ar')`);
    try {
      await page.reload();
      await waitForExpression(page, `document.documentElement.dir === 'rtl'`);
      const original = page.getByRole('article', { name: 'منشور في النسخة 0' });
      await original.getByText(ORIGINAL).waitFor(WAIT);
      await page.getByRole('slider', { name: 'النسخة' }).waitFor(WAIT);
      for (const width of [320, 390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(50);
        expect({ width, overflow: await sidewaysOverflow(page) }).toEqual({ width, overflow: [] });
      }
      expect(await axeSeriousFindings(page)).toEqual([]);
    } finally {
      await page.evaluate(`localStorage.setItem('dc.lang', 'en')`);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  }, 90_000);

  it('hides the post from the report queue, with a reason; members no longer see it', async () => {
    await page.goto(app.base + '/moderation');
    await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor(WAIT);
    const card = page.getByRole('listitem', { name: `Post @${author.username}` });
    await card.getByText(EDITED).waitFor(WAIT);
    await card.getByText('Spam link').waitFor(WAIT);
    await card.getByText('1 report').waitFor(WAIT);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(50);
      expect({ width, overflow: await sidewaysOverflow(page) }).toEqual({ width, overflow: [] });
    }
    await card.getByRole('button', { name: 'Hide' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (moderators only)').fill('Spam ring');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('Done. 1 reporter was told.').waitFor(WAIT);
    await card.waitFor({ state: 'detached', ...WAIT });
    expect((await reporter.agent.get(`/api/posts/${postId}`)).status).toBe(404);
    const notices = await reporter.agent.get('/api/notifications');
    expect(JSON.stringify(notices.body)).toContain('Thank you for your report: the post was hidden.');

    await page.getByLabel('Closed').check();
    const closed = page.getByRole('listitem', { name: `Post @${author.username}` });
    await closed.getByText('Hidden', { exact: true }).waitFor(WAIT);
    await closed.getByText(/Hide on .*: Spam ring/).waitFor(WAIT);
    // The queue narrowed to a reason, in other words than the reporter's.
    await page.getByLabel('Reason reported').fill('  SPAM LINK ');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await closed.getByText('Spam link').waitFor(WAIT);
    await page.getByLabel('Reason reported').fill('Nudity');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByText('No reports with the reason “Nudity”.').waitFor(WAIT);
    await page.getByRole('button', { name: 'Show all reasons' }).click();
    await closed.waitFor(WAIT);
  }, 90_000);

  it("reads the hide in the post's history: who, when, why, and what changed", async () => {
    await page
      .getByRole('listitem', { name: `Post @${author.username}` })
      .getByRole('link', { name: 'History at the report' })
      .click();
    await page.waitForURL(/tab=audit/, WAIT);
    const timeline = page.getByRole('list', { name: 'Events, oldest first' });
    const hidden = timeline.getByRole('listitem', { name: '2 PostHidden' });
    await hidden.waitFor(WAIT);
    await hidden.getByText('Event data').click();
    await hidden.getByText('"reason": "Spam ring"').waitFor(WAIT);
    await hidden.getByRole('button', { name: 'Show version 3' }).click();

    const card = page.getByRole('article', { name: 'Post at version 2' });
    const visibility = card.locator('.history-field', { has: page.locator('dt', { hasText: 'Visibility' }) });
    await visibility.getByText('Reason: Spam ring').waitFor(WAIT);
    await visibility.getByText('Hidden', { exact: true }).waitFor(WAIT);
    await visibility.getByText('changed').waitFor(WAIT);
    expect(await page.getByRole('slider', { name: 'Version' }).inputValue()).toBe('2');
    await card.getByText(EDITED).waitFor(WAIT);

    // Found the same way by a pasted post link.
    await page.getByLabel('Stream id, post id or link, or @username').fill(`${app.base}/post/${postId}`);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('list', { name: 'Streams found' }).getByText(`post-${postId}`).waitFor(WAIT);
    expect(failures).toEqual({ pageErrors: [], serverErrors: [] });
  }, 90_000);

  it('is not there for members', async () => {
    const memberContext = await app.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      ...NO_SERVICE_WORKER,
    });
    try {
      const memberPage = await signIn(app, memberContext, reporter);
      await memberPage.goto(app.base + '/moderation');
      await memberPage.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor(WAIT);
      expect(await memberPage.getByRole('tab', { name: 'Reports' }).count()).toBe(0);
    } finally {
      await memberContext.close();
    }
  }, 60_000);
});
