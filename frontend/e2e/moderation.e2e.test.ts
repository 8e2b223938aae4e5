import { type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import { memberWithRole } from '../../backend/modules/moderation/testing/staff';
import { type ServedApp, signInThroughForm, startServedApp, watchForFailures } from './served-app';

/**
 * Issue 19's "Must show": a moderator hides a reported post from the report queue, with a reason,
 * and reads its history in the audit view (the timeline, the state as of an event, the diff between
 * two) — through the real screens. The post and its report are made over the HTTP API.
 */

const WAIT = { timeout: 20_000 };
const CONTENT = 'A post someone reported (e2e)';

async function signIn(app: ServedApp, context: BrowserContext, m: Member): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInThroughForm(page, app.base, m);
  return page;
}

describe('hide a reported post and read its history (Chromium)', () => {
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
    postId = (await createPost(author, { content: CONTENT })).id;
    const reported = await reporter.agent
      .post(`/api/posts/${postId}/report`)
      .set('X-CSRF-Token', reporter.token)
      .send({ reason: 'Spam link' });
    expect(reported.status).toBe(201);
    const moderator = await memberWithRole(app.runtime, 'moderator');
    context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    page = await signIn(app, context, moderator);
    failures = watchForFailures(page);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
  });

  it('hides the post from the report queue, with a reason; members no longer see it', async () => {
    await page.goto(app.base + '/moderation');
    await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor(WAIT);
    const card = page.getByRole('listitem', { name: `Post @${author.username}` });
    await card.getByText(CONTENT).waitFor(WAIT);
    await card.getByText('Spam link').waitFor(WAIT);
    await card.getByText('1 report').waitFor(WAIT);
    await card.getByRole('button', { name: 'Hide' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (moderators only)').fill('Spam ring');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('Done. 1 reporter was told.').waitFor(WAIT);
    await card.waitFor({ state: 'detached', ...WAIT });
    expect((await reporter.agent.get(`/api/posts/${postId}`)).status).toBe(404);
    const notices = await reporter.agent.get('/api/notifications');
    expect(JSON.stringify(notices.body)).toContain('hid the post');

    await page.getByLabel('Resolved').check();
    const resolved = page.getByRole('listitem', { name: `Post @${author.username}` });
    await resolved.getByText('Hidden', { exact: true }).waitFor(WAIT);
    await resolved.getByText(/Hide on .*: Spam ring/).waitFor(WAIT);
  }, 90_000);

  it("reads the post's history: the timeline, the state as of an event, and what changed", async () => {
    await page
      .getByRole('listitem', { name: `Post @${author.username}` })
      .getByRole('button', { name: 'History' })
      .click();
    await page.waitForURL(/tab=audit/, WAIT);
    const timeline = page.getByRole('list', { name: 'Events, oldest first' });
    const created = timeline.getByRole('listitem', { name: '0 PostCreated' });
    const hidden = timeline.getByRole('listitem', { name: '1 PostHidden' });
    await created.waitFor(WAIT);
    await hidden.getByText('"reason": "Spam ring"').waitFor(WAIT);
    await created.getByRole('button', { name: 'State as of here' }).click();
    expect(await created.getByLabel('State as of event 0').innerText()).toContain('"hidden": false');
    await hidden.getByRole('button', { name: 'State as of here' }).click();
    expect(await hidden.getByLabel('State as of event 1').innerText()).toContain('"hidden": true');

    await created.getByLabel('Compare').check();
    await hidden.getByLabel('Compare').check();
    const diff = page.getByRole('table', { name: 'What changed from event 0 to event 1' });
    const row = diff.getByRole('row', { name: /hidden/ });
    await row.waitFor(WAIT);
    expect((await row.innerText()).replace(/\s+/g, ' ').trim()).toBe('hidden false true');

    // Found the same way by a pasted post link.
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.getByLabel('Stream id, post id or link, or @username').fill(`${app.base}/post/${postId}`);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('list', { name: 'Streams found' }).getByText(`post-${postId}`).waitFor(WAIT);
    expect(failures).toEqual({ pageErrors: [], serverErrors: [] });
  }, 90_000);

  it('is not there for members', async () => {
    const memberContext = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
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
