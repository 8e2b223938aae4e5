import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { MediaDoc } from '@projections/media';
import { eventually } from '@testing/eventually';
import type { Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Locator, Page } from 'playwright-core';

import { largePhoto } from './photos';
import {
  DESKTOP,
  keepScreenshot,
  NO_SERVICE_WORKER,
  PHONE,
  ROOT,
  type ServedApp,
  sidewaysOverflow,
  signInThroughForm,
  startServedApp,
  waitForExpression,
  watchForFailures,
} from './served-app';

/**
 * Issue 18's "Must show" for messages: two members in two browser contexts chatting live — A opens a
 * conversation with B and types (B's list says A is typing), sends (B sees it arrive), B opens it
 * (A's message turns Read); A sends a large photo through the media uploader (resized to a 2048 px
 * WebP in the browser, seen by the two of them alone) — then the messages and account settings
 * screens in English and Arabic, light and dark, at 390 px and 1280 px (none scrolling sideways), as
 * screenshots in artifacts/.
 */

type Strings = Record<string, unknown>;
const readLocale = (path: string): Strings =>
  JSON.parse(readFileSync(join(ROOT, 'frontend/src', path), 'utf8')) as Strings;
const arMessages = readLocale('features/messages/locales/ar.json');
function str(locale: Strings, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], locale);
  if (typeof value !== 'string') throw new Error(`no string at ${key}`);
  return value;
}

const WAIT = { timeout: 15_000 };

interface Side {
  member: Member;
  context: BrowserContext;
  page: Page;
  failures: ReturnType<typeof watchForFailures>;
  width: number;
}

describe('two members chatting live (Chromium)', () => {
  let app: ServedApp;
  let a: Side;
  let b: Side;
  let scratch: string;

  async function open(member: Member, viewport: typeof PHONE): Promise<Side> {
    const context = await app.browser.newContext({
      viewport,
      colorScheme: 'light',
      locale: 'en-US',
      ...NO_SERVICE_WORKER,
    });
    const page = await context.newPage();
    const failures = watchForFailures(page);
    page.setDefaultTimeout(15_000);
    await signInThroughForm(page, app.base, member);
    return { member, context, page, failures, width: viewport.width };
  }

  /** No sideways scrolling at this side's width (and a screenshot, kept when asked for). */
  const shot = async (side: Side, name: string) => {
    expect({ screen: name, width: side.width, overflow: await sidewaysOverflow(side.page) }).toMatchObject({
      overflow: [],
    });
    await keepScreenshot(side.page, `${name}-${side.width}`);
  };

  /** Language and theme as a member's earlier choice (the header's menus write the same keys). */
  async function prefer(side: Side, lang: 'en' | 'ar', theme: 'light' | 'dark') {
    await side.page.evaluate(
      `localStorage.setItem('dc.lang', '${lang}'); localStorage.setItem('dc.theme', '${theme}')`,
    );
  }

  beforeAll(async () => {
    app = await startServedApp();
    const [memberA, memberB] = [await registerVerifiedMember(app.runtime), await registerVerifiedMember(app.runtime)];
    // The New Message dialog finds B through the member directory, which a projection fills.
    await eventually(
      () => memberA.agent.get('/api/users/search').query({ q: memberB.username }),
      (res) => res.status === 200 && (res.body.users as Array<{ id: string }>).some((u) => u.id === memberB.id),
      'B in the member directory',
    );
    scratch = mkdtempSync(join(tmpdir(), 'dc-chat-e2e-'));
    a = await open(memberA, DESKTOP);
    b = await open(memberB, PHONE);
  }, 180_000);

  afterAll(async () => {
    await a?.context.close();
    await b?.context.close();
    await app?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('A writes to B: B sees A typing and the message arrive, and A sees it read when B opens it', async () => {
    const nameA = a.member.displayName;
    const nameB = b.member.displayName;
    const text = `Salaam ${nameB}, see you at the halaqa tonight?`;

    // A opens a conversation with B from New Message.
    await a.page.goto(app.base + '/messages');
    await a.page.getByRole('button', { name: 'New Message' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'New Message' });
    await dialog.getByRole('searchbox', { name: 'Search members' }).fill(b.member.username);
    await dialog.getByRole('button', { name: new RegExp(nameB) }).click();
    const logA = a.page.getByRole('log', { name: `Messages with ${nameB}` });
    await logA.getByText('Say salaam to start the conversation').waitFor(WAIT);

    // B's inbox holds the new conversation.
    await b.page.goto(app.base + '/messages');
    const rowB = b.page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(nameA) });
    await rowB.getByText('No messages yet').waitFor(WAIT);

    // A types: B's list says so.
    const box = a.page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially(text.slice(0, 12), { delay: 20 });
    await rowB.getByText('typing…').waitFor(WAIT);
    await box.pressSequentially(text.slice(12));
    await box.press('Enter');
    const mine = logA.getByRole('article', { name: 'Your message' }).filter({ hasText: text });
    await mine.getByRole('img', { name: /^(Sent|Delivered)$/ }).waitFor(WAIT);

    // B sees it arrive, unread, without reloading.
    await rowB.getByText(text).waitFor(WAIT);
    await rowB.getByLabel('1 unread message').waitFor(WAIT);
    // B opens it: it is read, and A's tick turns to Read.
    await rowB.click();
    const logB = b.page.getByRole('log', { name: `Messages with ${nameA}` });
    await logB
      .getByRole('article', { name: `Message from ${nameA}` })
      .filter({ hasText: text })
      .waitFor(WAIT);
    await mine.getByRole('img', { name: 'Read' }).waitFor(WAIT);

    // B answers, replying to it: A sees the quote live.
    await logB.getByRole('button', { name: 'Reply' }).click();
    await b.page.getByRole('textbox', { name: 'Message' }).fill('Wa alaykum as-salaam, insha Allah!');
    await b.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const answer = logA.getByRole('article', { name: `Message from ${nameB}` });
    await answer.getByText('Wa alaykum as-salaam, insha Allah!').waitFor(WAIT);
    await answer.getByLabel(`Reply to ${nameA}`).waitFor(WAIT);

    for (const side of [a, b]) {
      expect(side.failures.pageErrors).toEqual([]);
      expect(side.failures.serverErrors).toEqual([]);
    }
  }, 90_000);

  it('A sends B a large photo through the media uploader: resized to WebP, private to the two of them', async () => {
    const nameA = a.member.displayName;
    const photo = join(scratch, 'courtyard.png');
    await largePhoto(photo);
    await a.page.getByTestId('attachment-input').setInputFiles(photo);
    const files = a.page.getByRole('list', { name: 'Files to send' });
    // The photo itself (issue 40), not its name and chunk count: an object URL of the file as picked.
    const thumbnail = files.getByRole('img', { name: 'courtyard.png, not sent yet' });
    await thumbnail.waitFor(WAIT);
    const blob = (await thumbnail.getAttribute('src'))!;
    expect(blob).toMatch(/^blob:/);
    await waitForExpression(
      a.page,
      `Array.from(document.querySelectorAll('.upload-thumb img')).some((img) => img.complete && img.naturalWidth === 3000)`,
      15_000,
    );
    await files.locator('[data-status="completed"]').waitFor(WAIT);
    expect(await files.getByText(/chunks?\)|courtyard\.webp/).count()).toBe(0);
    await shot(a, 'chat-photo-before-sending');
    await a.page.getByRole('textbox', { name: 'Message' }).fill('The courtyard after Fajr');
    await a.page.getByRole('button', { name: 'Send' }).click();
    // Sent: the thumbnail is gone and the browser has let the picked file's bytes go.
    await files.waitFor({ state: 'detached', ...WAIT });
    // (Read back as a picture: the page's policy lets blob: URLs be images, not fetched.)
    const readBack = `new Promise((done) => { const img = new Image(); img.onload = () => done('kept'); img.onerror = () => done('revoked'); img.src = ${JSON.stringify(blob)}; })`;
    expect(await a.page.evaluate(readBack)).toBe('revoked');

    // B sees the photo arrive and can open it.
    const logB = b.page.getByRole('log', { name: `Messages with ${nameA}` });
    const picture = logB.getByRole('img', { name: `Photo from ${nameA}` });
    // 'Processing…' until its variants are made (five widths in three formats: slow on a busy
    // machine); the media_processed push to the conversation's members then brings the photo in.
    await picture.waitFor({ timeout: 60_000 });
    await waitForExpression(
      b.page,
      `Array.from(document.querySelectorAll('img.bubble__image')).some((img) => img.complete && img.naturalWidth > 0)`,
      30_000,
    );
    const src = (await picture.getAttribute('src'))!;
    const mediaId = /\/media\/([0-9a-f-]{36})/.exec(src)![1]!;
    const stored = await app.runtime.readModels.collection<MediaDoc>('media').get(mediaId);
    expect(stored).toMatchObject({
      ownerId: a.member.id,
      mime: 'image/webp',
      width: 2048,
      height: 1365,
      audience: [a.member.id, b.member.id],
    });
    // Nobody else gets the file, signed in or not.
    const outsider = await app.browser.newContext(NO_SERVICE_WORKER);
    expect((await outsider.request.get(app.base + src)).status()).toBe(404);
    await outsider.close();
    for (const side of [a, b]) {
      expect(side.failures.pageErrors).toEqual([]);
      expect(side.failures.serverErrors).toEqual([]);
    }
  }, 90_000);

  it('shows messages and account settings in English and Arabic, light and dark, on a phone and a desktop', async () => {
    for (const [lang, theme] of [
      ['en', 'light'],
      ['en', 'dark'],
      ['ar', 'dark'],
      ['ar', 'light'],
    ] as const) {
      for (const side of [a, b]) {
        const other = side === a ? b : a;
        await prefer(side, lang, theme);
        await side.page.goto(app.base + '/messages');
        await side.page.waitForFunction(
          `document.documentElement.lang === '${lang}' && document.documentElement.dataset.theme === '${theme}'`,
          undefined,
          WAIT,
        );
        const listName = lang === 'en' ? 'Conversations' : str(arMessages, 'list.label');
        const row: Locator = side.page
          .getByRole('list', { name: listName })
          .getByRole('button', { name: new RegExp(other.member.displayName) });
        await row.waitFor(WAIT);
        // A phone shows the list, then the conversation in its place; a desktop shows both.
        if (side === b) await shot(side, `messages-list-${lang}-${theme}`);
        await row.click();
        const logName =
          lang === 'en'
            ? `Messages with ${other.member.displayName}`
            : str(arMessages, 'chat.log').replace('{{name}}', other.member.displayName);
        await side.page.getByRole('log', { name: logName }).getByRole('article').nth(1).waitFor(WAIT);
        if (lang === 'ar') expect(await side.page.locator('html').getAttribute('dir')).toBe('rtl');
        await shot(side, `messages-${lang}-${theme}`);

        // The conversation on a page of its own (?conversation=), as a link or a notification opens it.
        const listed = await side.member.agent.get('/api/conversations').expect(200);
        const id = (listed.body.conversations as Array<{ id: string }>)[0]!.id;
        await side.page.goto(`${app.base}/chat?conversation=${id}`);
        await side.page.getByRole('log', { name: logName }).getByRole('article').nth(1).waitFor(WAIT);
        await shot(side, `conversation-${lang}-${theme}`);

        // The New Message dialog, searching the member directory.
        await side.page.goto(app.base + '/messages');
        const newMessage = lang === 'en' ? 'New Message' : str(arMessages, 'newDialog.title');
        await side.page
          .getByRole('button', { name: lang === 'en' ? 'New Message' : str(arMessages, 'newMessage') })
          .click();
        const dialog = side.page.getByRole('dialog', { name: newMessage });
        await dialog.getByRole('searchbox').fill(other.member.username);
        await dialog.getByRole('button', { name: new RegExp(other.member.displayName) }).waitFor(WAIT);
        await shot(side, `new-message-${lang}-${theme}`);

        await side.page.goto(app.base + '/account-settings');
        await side.page.getByText(`@${side.member.username}`).waitFor(WAIT);
        await shot(side, `account-settings-${lang}-${theme}`);
      }
    }
    for (const side of [a, b]) {
      expect(side.failures.pageErrors).toEqual([]);
      expect(side.failures.serverErrors).toEqual([]);
    }
  }, 180_000);
});
