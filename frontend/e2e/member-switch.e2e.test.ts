import { eventually } from '@testing/eventually';
import type { Member } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import { goInApp, type ServedApp, signInThroughForm, startServedApp, watchForFailures } from './served-app';

/**
 * Issue 35, "The web app forgets a member at sign-out": member A signs in, looks at their
 * conversation, notifications and bookmarks and leaves a message half-written, then signs out;
 * member B signs in in the same tab, without a reload, and nothing of A's shows anywhere B looks —
 * not from the caches, not from a push on A's old socket.
 */

const WAIT = { timeout: 20_000 };

const pageText = (page: Page): Promise<string> => page.evaluate('document.body.innerText') as Promise<string>;

describe('one tab, two members: B sees nothing of A (Chromium)', () => {
  let app: ServedApp;
  let context: BrowserContext;
  let page: Page;
  let failures: ReturnType<typeof watchForFailures>;
  let a: Member;
  let b: Member;
  let c: Member;
  const secret = `A-only: the gate code is 4417 ${Date.now().toString(36)}`;
  const draft = 'A half-written note 9931, never sent';
  const latePush = 'Written to A after A left 7720';
  const bookmarked = 'Patience is light, a reflection 58';

  const send = (from: Member, to: Member, content: string) =>
    from.agent.post('/api/messages').set('X-CSRF-Token', from.token).send({ receiverId: to.id, content }).expect(201);

  beforeAll(async () => {
    app = await startServedApp();
    [a, b, c] = [
      await registerVerifiedMember(app.runtime),
      await registerVerifiedMember(app.runtime),
      await registerVerifiedMember(app.runtime),
    ];
    // A's private world: a conversation with C, a notification (C follows A), a bookmark.
    await send(a, c, secret);
    await c.agent.post(`/api/users/${a.id}/follow`).set('X-CSRF-Token', c.token).expect(200);
    const post = await createPost(c, { content: bookmarked });
    await a.agent.post(`/api/posts/${post.id}/bookmark`).set('X-CSRF-Token', a.token).expect(200);
    await eventually(
      () => a.agent.get('/api/bookmarks'),
      (res) => res.status === 200 && JSON.stringify(res.body).includes(bookmarked),
      "A's bookmark listed",
    );
    context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    failures = watchForFailures(page);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
  });

  it('signs A out and B in without a reload, and B sees none of A', async () => {
    await signInThroughForm(page, app.base, a);
    // Survives only as long as the document does: proves no reload happened in between.
    await page.evaluate('window.__sameDocument = true');

    // A looks at their conversation and leaves a message half-written.
    await goInApp(page, '/messages');
    const rowC = page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(c.displayName) });
    await rowC.getByText(secret).waitFor(WAIT);
    await rowC.click();
    await page
      .getByRole('log', { name: `Messages with ${c.displayName}` })
      .getByText(secret)
      .waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Message' }).fill(draft);

    await goInApp(page, '/notifications');
    await page
      .getByText(new RegExp(`${c.displayName}.*started following you`))
      .first()
      .waitFor(WAIT);
    await goInApp(page, '/bookmarks');
    await page.getByText(bookmarked).waitFor(WAIT);

    // A signs out through the menu; the app shows the sign-in screen.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth$/, WAIT);

    // B signs in in the same tab.
    await page.getByLabel('Email').fill(b.email);
    await page.getByLabel('Password', { exact: true }).fill(b.password);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.waitForURL(/\/home$/, WAIT);
    expect(await page.evaluate('window.__sameDocument === true')).toBe(true);

    // C writes to A now: a push on a socket still joined as A would bring it to this tab.
    await send(c, a, latePush);

    const seenByB: string[] = [];
    await goInApp(page, '/messages');
    await page.getByText('No conversations yet').waitFor(WAIT);
    seenByB.push(await pageText(page));
    await goInApp(page, '/notifications');
    await page.getByText('No notifications yet').waitFor(WAIT);
    seenByB.push(await pageText(page));
    await goInApp(page, '/bookmarks');
    await page.getByText('No bookmarks yet').waitFor(WAIT);
    seenByB.push(await pageText(page));
    await goInApp(page, '/messages');
    await page.getByText('No conversations yet').waitFor(WAIT);
    // Time for a push to A to have arrived, were anything still listening for A.
    await page.waitForTimeout(2_000);
    seenByB.push(await pageText(page));
    // B's own account shows where A's did.
    await goInApp(page, '/account-settings');
    await page.getByText(`@${b.username}`).waitFor(WAIT);
    seenByB.push(await pageText(page));

    for (const text of seenByB) {
      for (const aOnly of [secret, draft, latePush, bookmarked, c.displayName, a.username]) {
        expect({ shown: aOnly, on: text.includes(aOnly) }).toEqual({ shown: aOnly, on: false });
      }
    }
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  }, 120_000);
});
