import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { latestLink, type Member } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';

import { profilesFor } from '../../backend/src/testing/profiles';
import { keepScreenshot, ROOT, type ServedApp, startServedApp, watchForFailures } from './served-app';

/**
 * Issue 7's "Must show": one member's whole first visit through the real UI at phone size —
 * sign up, verify, post with an image and a poll, like, comment, edit, profiles, follow, and the
 * Arabic right-to-left interface — with screenshots of the feed in both languages and themes.
 */

type Strings = Record<string, unknown>;
const readLocale = (path: string): Strings =>
  JSON.parse(readFileSync(join(ROOT, 'frontend/src', path), 'utf8')) as Strings;
const ar = readLocale('i18n/locales/ar.json');
const arPosts = readLocale('features/posts/locales/ar.json');
const arPostDetail = readLocale('features/post-detail/locales/ar.json');
const arProfile = readLocale('features/profile/locales/ar.json');
/** A string from a locale file by its dotted key; a missing key fails loudly rather than matching nothing. */
function str(locale: Strings, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], locale);
  if (typeof value !== 'string') throw new Error(`no string at ${key}`);
  return value;
}

const VIEWPORT = { width: 390, height: 844 };
const WAIT = { timeout: 10_000 };
const PASSWORD = 'Salaam#2026';

describe("a member's first visit, on a phone (Chromium)", () => {
  let app: ServedApp;
  let context: BrowserContext;
  let page: Page;
  let failures: ReturnType<typeof watchForFailures>;
  let scratch: string;
  let imagePath: string;
  let friend: Member;

  const tag = Date.now().toString(36);
  const me = { name: 'Yusuf Journey', username: `yusuf_${tag}`, email: `yusuf.${tag}@example.test` };
  const question = `Which day suits the study circle? ${tag}`;
  const editedQuestion = `Which evening suits the study circle? ${tag}`;
  const comment = `Thursday after Maghrib works for me ${tag}`;
  const friendPost = `Salaam everyone, the library opens at ten ${tag}`;

  /** The card of my post, wherever the page shows it. */
  const myPost = (): Locator =>
    page
      .getByRole('article', { name: `Post by ${me.name}` })
      .filter({ hasText: tag })
      .first();

  // Posted images are part of the picture.
  const shot = (name: string) => keepScreenshot(page, name, { waitForImages: true });

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'dc-journey-'));
    imagePath = join(scratch, 'study-circle.png');
    await gradientPng(imagePath);
    // The embedded app, as `npm start` runs it: the other browser suites run on PostgreSQL + Redis.
    app = await startServedApp({ profile: profilesFor(['embedded'])[0]!() });
    // Another member with a post of their own, so there is someone to find and follow.
    friend = await registerVerifiedMember(app.runtime);
    await createPost(friend, { content: friendPost });
    context = await app.browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', locale: 'en-US' });
    page = await context.newPage();
    failures = watchForFailures(page);
    // A step that cannot happen should fail in seconds, not hold the whole run.
    page.setDefaultTimeout(10_000);
    // A whole page load (the first one is cold: Chromium compiles the bundle) gets more room on a busy machine.
    page.setDefaultNavigationTimeout(30_000);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('signs up, signs in and verifies the email from the link in the outbox', async () => {
    await page.goto(app.base + '/home');
    await page.waitForURL(/\/auth$/);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill(me.name);
    await page.getByLabel('Username').fill(me.username);
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Welcome to the Ummah!' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Continue to Sign In' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.waitForURL(/\/home$/, WAIT);

    const link = await latestLink(app.runtime, me.email, 'verify-email');
    await page.goto(app.base + link);
    await page.waitForURL(/\/\?verified=success$/, WAIT);
    await page
      .getByRole('status')
      .filter({ hasText: 'Your email has been verified. Welcome to DeenConnect!' })
      .waitFor(WAIT);
  }, 60_000);

  it('creates a post with an image and a poll, sees it opened, then in the home feed', async () => {
    await page.getByRole('button', { name: 'Create post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create post' });
    await dialog.getByRole('textbox', { name: 'Post text' }).fill(question);
    // A verified member is not told that their post will be text only.
    expect(await dialog.getByText('this post will be text only').count()).toBe(0);

    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await (await chooser).setFiles(imagePath);
    await dialog.getByRole('img', { name: /^Photo 1: / }).waitFor(WAIT);

    await dialog.getByRole('button', { name: 'Add a poll' }).click();
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Thursday');
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Friday');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: 'Option 3' }).fill('Saturday');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    // The new post opens in the composer's place, and Back returns to the feed it was written from.
    await page.waitForURL(/\/post\/[^/]+$/, WAIT);
    await page.getByRole('heading', { name: 'Post', level: 1 }).waitFor(WAIT);
    await page.getByText(question).first().waitFor(WAIT);
    await page.goBack();

    await page.getByRole('feed', { name: 'Home feed' }).waitFor(WAIT);
    const card = myPost();
    await card.waitFor(WAIT);
    // decode() settles once the uploaded image has loaded, and rejects if it cannot be shown.
    const width = await card.getByRole('img', { name: 'Image 1 of 1' }).evaluate(async (element) => {
      const img = element as unknown as { decode(): Promise<void>; naturalWidth: number };
      await img.decode();
      return img.naturalWidth;
    });
    expect(width).toBeGreaterThan(0);
    for (const option of ['Thursday', 'Friday', 'Saturday'])
      await card.getByRole('button', { name: `Vote for ${option}` }).waitFor();
    await page.getByRole('article', { name: `Post by ${friend.displayName}` }).waitFor();
  }, 60_000);

  it('likes the post, and the like is still there after a reload', async () => {
    const card = myPost();
    await succeeds(page, 'POST', /\/like$/, () =>
      card.getByRole('button', { name: 'Like, 0 likes', pressed: false }).click(),
    );
    await card.getByRole('button', { name: 'Like, 1 like', pressed: true }).waitFor(WAIT);
    await page.reload();
    await myPost().getByRole('button', { name: 'Like, 1 like', pressed: true }).waitFor(WAIT);
  }, 30_000);

  it('opens the post and replies to it; the post counts one comment', async () => {
    await myPost()
      .getByRole('link', { name: /^Open post, / })
      .click();
    await page.waitForURL(/\/post\/[^/]+$/, WAIT);
    await page.getByRole('heading', { name: 'Post', level: 1 }).waitFor(WAIT);
    await page.getByText('No comments yet. Be the first to reply.').waitFor(WAIT);

    await page.getByRole('textbox', { name: 'Write a reply' }).fill(comment);
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByRole('article').filter({ hasText: comment }).waitFor(WAIT);
    const stats = page.getByRole('list', { name: 'Post statistics' });
    // The live update and the reply's own answer must not both be counted.
    expect(await stats.getByText(/comments?$/).textContent()).toBe('1 comment');

    await page.reload();
    await page.getByRole('article').filter({ hasText: comment }).waitFor(WAIT);
    await stats.getByText('1 comment', { exact: true }).waitFor(WAIT);
  }, 45_000);

  it('edits the post within the five minutes; the new text shows, marked edited', async () => {
    const card = myPost();
    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: /^\d+m to edit$/ }).click();
    const editor = card.getByRole('textbox', { name: 'Edit post' });
    await editor.fill(editedQuestion);
    await card.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'hidden', timeout: 15_000 });
    await card.getByText(editedQuestion).first().waitFor(WAIT);
    await card.getByText('· edited', { exact: true }).waitFor(WAIT);

    await page.reload();
    await myPost().getByText(editedQuestion).first().waitFor(WAIT);
    await myPost().getByText('· edited', { exact: true }).waitFor(WAIT);
    await shot('post-en-light');
  }, 45_000);

  it('opens their own profile from the side menu', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Profile', exact: true }).click();
    await page.waitForURL(new RegExp(`/profile/${me.username}$`), WAIT);
    await page.getByRole('heading', { name: me.name, level: 1 }).waitFor(WAIT);
    const counts = page.getByRole('list', { name: 'Profile statistics' });
    await counts.getByText('1 Post', { exact: true }).waitFor(WAIT);
    await myPost().waitFor(WAIT);
    // Members do not follow themselves.
    expect(await page.getByRole('button', { name: /^Follow @/ }).count()).toBe(0);
    await shot('profile-en-light');
  }, 30_000);

  it("opens another member's profile from their post and follows them", async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    const theirPost = page.getByRole('article', { name: `Post by ${friend.displayName}` });
    await theirPost.getByRole('link', { name: `${friend.displayName}'s profile` }).click();
    await page.waitForURL(new RegExp(`/profile/${friend.username}$`), WAIT);
    await page.getByRole('heading', { name: friend.displayName, level: 1 }).waitFor(WAIT);
    const counts = page.getByRole('list', { name: 'Profile statistics' });
    await counts.getByRole('button', { name: '0 Followers' }).waitFor(WAIT);

    await succeeds(page, 'POST', /\/follow$/, () =>
      page.getByRole('button', { name: `Follow @${friend.username}` }).click(),
    );
    const following = page.getByRole('button', {
      name: `Following @${friend.username}, select to unfollow`,
      pressed: true,
    });
    await following.waitFor(WAIT);
    expect(await following.textContent()).toBe('Following');
    await counts.getByRole('button', { name: '1 Follower' }).waitFor(WAIT);

    await page.reload();
    await following.waitFor(WAIT);
    await counts.getByRole('button', { name: '1 Follower' }).waitFor(WAIT);
  }, 30_000);

  it('shows the feed in English, light and dark', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    await myPost().waitFor(WAIT);
    await page.getByRole('article', { name: `Post by ${friend.displayName}` }).waitFor(WAIT);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await shot('feed-en-light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached', ...WAIT });
    expect(await page.evaluate("localStorage.getItem('dc.theme')")).toBe('dark');
    await shot('feed-en-dark');
  }, 30_000);

  it('switches to Arabic from the header: right-to-left, translated navigation, feed in both themes', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: str(ar, 'language.ar') }).click();
    // The Arabic strings are fetched on this first switch: the page turns once they are in. (A
    // locator, not waitForFunction: the app's CSP refuses the string evaluation that polling needs.)
    await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', ...WAIT });

    const nav = page.getByRole('navigation', { name: str(ar, 'nav.primary') });
    for (const key of ['home', 'search', 'videos', 'learn', 'support', 'messages']) {
      await nav.getByRole('link', { name: str(ar, `nav.${key}`), exact: true }).waitFor(WAIT);
    }
    await nav.getByRole('link', { name: new RegExp(`^${str(ar, 'nav.notifications')}`) }).waitFor(WAIT);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: str(ar, 'header.openMenu') }).waitFor();
    await header.getByRole('button', { name: str(ar, 'header.language') }).waitFor();
    await page.getByRole('button', { name: str(ar, 'header.createPost') }).waitFor();
    const card = page
      .getByRole('article', { name: str(arPosts, 'card').replace('{{name}}', me.name) })
      .filter({ hasText: tag });
    await card.getByText(`· ${str(arPosts, 'edited')}`, { exact: true }).waitFor(WAIT);

    await header.getByRole('button', { name: str(ar, 'header.themeToLight') }).waitFor();
    await shot('feed-ar-dark');
    await header.getByRole('button', { name: str(ar, 'header.themeToLight') }).click();
    await header.getByRole('button', { name: str(ar, 'header.themeToDark') }).waitFor();
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached', ...WAIT });
    await shot('feed-ar-light');

    // The choice of language survives a reload.
    await page.reload();
    await page.getByRole('navigation', { name: str(ar, 'nav.primary') }).waitFor(WAIT);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
  }, 30_000);

  it('shows the post and the profile in Arabic', async () => {
    const arCard = () =>
      page
        .getByRole('article', { name: str(arPosts, 'card').replace('{{name}}', me.name) })
        .filter({ hasText: tag })
        .first();
    await arCard()
      .getByRole('link', { name: new RegExp(`^${str(arPosts, 'openPost')}`) })
      .click();
    await page.waitForURL(/\/post\/[^/]+$/, WAIT);
    await page.getByRole('textbox', { name: str(arPostDetail, 'composer.label') }).waitFor(WAIT);
    await arCard().getByText(editedQuestion).first().waitFor(WAIT);
    await shot('post-ar-light');

    await page
      .getByRole('navigation', { name: str(ar, 'nav.primary') })
      .getByRole('link', { name: str(ar, 'nav.home'), exact: true })
      .click();
    const theirPost = page.getByRole('article', { name: str(arPosts, 'card').replace('{{name}}', friend.displayName) });
    await theirPost
      .getByRole('link', { name: str(arPosts, 'authorProfile').replace('{{name}}', friend.displayName) })
      .click();
    await page.getByRole('heading', { name: friend.displayName, level: 1 }).waitFor(WAIT);
    await shot('profile-ar-light');
    await page
      .getByRole('button', { pressed: true })
      .filter({ hasText: str(arProfile, 'follow.following') })
      .waitFor(WAIT);

    await page.getByRole('button', { name: str(ar, 'header.openMenu') }).click();
    const menu = page.getByRole('dialog', { name: str(ar, 'menu.title') });
    await menu.getByRole('button', { name: str(ar, 'nav.profile'), exact: true }).waitFor(WAIT);
    await menu.getByRole('button', { name: str(ar, 'menu.logOut'), exact: true }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }, 30_000);

  it('met no page errors and no server errors on the way', () => {
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  });
});

/**
 * Does what a member does and waits for the call it makes; a refused call fails the step with the
 * server's own answer rather than a timeout further on.
 */
async function succeeds(page: Page, method: string, path: RegExp, act: () => Promise<void>): Promise<void> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname)),
    act(),
  ]);
  if (!response.ok())
    throw new Error(
      `${method} ${new URL(response.url()).pathname} answered ${response.status()}: ${await response.text()}`,
    );
}

/** A small colourful PNG, like a phone photo would be to the composer. */
async function gradientPng(path: string): Promise<void> {
  const width = 480;
  const height = 320;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 255);
      pixels[at + 1] = Math.round((y / height) * 200) + 30;
      pixels[at + 2] = 160;
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(path);
}
