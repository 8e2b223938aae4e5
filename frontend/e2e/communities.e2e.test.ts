import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { eventually } from '@testing/eventually';
import { type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import {
  NO_SERVICE_WORKER,
  ROOT,
  type ServedApp,
  signInThroughForm,
  startServedApp,
  watchForFailures,
} from './served-app';

/**
 * Issue 41's "Must show", through the real screens, in English and then in Arabic: the owner creates
 * a private circle with the form; another member finds it and asks to join; the owner opens the
 * request from the notification and approves it; the new member, told by a notification, posts into
 * the circle with the composer's Post to picker and finds the post in its feed under the community's
 * name; a third member sees the private notice and no post, and the post's address is not found for
 * them; a guest browses a public community's posts and is sent to sign in to join; the owner
 * deletes the circle after typing its name, and its member finds it gone.
 */

type Lang = 'en' | 'ar';
type Strings = Record<string, unknown>;
const WAIT = { timeout: 20_000 };

const locale = (feature: string, lang: Lang): Strings =>
  JSON.parse(readFileSync(join(ROOT, `frontend/src/features/${feature}/locales/${lang}.json`), 'utf8')) as Strings;

/** A string from a locale file by its dotted key; a missing key fails loudly rather than matching nothing. */
function str(strings: Strings, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], strings);
  if (typeof value !== 'string') throw new Error(`no string at ${key}`);
  return value;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A notification's sentence as a pattern: each name may be wrapped in bidi isolates (FSI … PDI). */
function sentence(template: string, values: Record<string, string>): RegExp {
  let pattern = escape(template);
  for (const [key, value] of Object.entries(values))
    pattern = pattern.replace(escape(`{{${key}}}`), `\\u2068?${escape(value)}\\u2069?`);
  return new RegExp(pattern);
}

/** Whether a GET /api/notifications answer holds a notice of `type` about the community `slug`. */
const noticed = (body: { notifications?: { type: string; targetId: string | null }[] }, type: string, slug: string) =>
  (body.notifications ?? []).some((n) => n.type === type && n.targetId === slug);

/** The words each step looks for, from the app's own locale files. */
function wordsOf(lang: Lang) {
  const c = locale('communities', lang);
  const compose = locale('compose', lang);
  const posts = locale('posts', lang);
  const notifications = locale('notifications', lang);
  return {
    create: str(c, 'create'),
    name: str(c, 'editor.name'),
    address: str(c, 'editor.slug'),
    description: str(c, 'editor.description'),
    category: str(c, 'editor.category'),
    city: str(c, 'editor.city'),
    private: str(c, 'privacy.private'),
    submit: str(c, 'editor.create'),
    search: str(c, 'filters.search'),
    request: str(c, 'join.request'),
    requested: str(c, 'join.requested'),
    join: str(c, 'join.join'),
    leave: str(c, 'join.leave'),
    approve: str(c, 'requests.approve'),
    requestsTitle: str(c, 'requests.title'),
    privateFeed: str(c, 'feed.private'),
    feed: str(c, 'feed.label'),
    postTo: str(compose, 'community.postTo'),
    privateOption: (name: string) => str(compose, 'community.private').replace('{{name}}', name),
    postText: str(compose, 'textLabel'),
    post: str(compose, 'post'),
    card: (name: string) => str(posts, 'card').replace('{{name}}', name),
    postedIn: str(posts, 'community.label'),
    postNotFound: str(locale('post-detail', lang), 'notFound.title'),
    asked: (name: string, community: string) =>
      sentence(str(notifications, 'type.community_join_request'), { name, community }),
    approved: (community: string) => sentence(str(notifications, 'type.community_join_approved'), { community }),
    deleteCommunity: str(c, 'delete.button'),
    confirmName: str(c, 'delete.confirmLabel'),
    deleteForGood: str(c, 'delete.confirm'),
    notFound: str(c, 'detail.notFound'),
  };
}

describe('communities: a private circle from creation to its first post, and a guest (Chromium)', () => {
  let app: ServedApp;
  let contexts: BrowserContext[] = [];
  let owner: Member;
  let member: Member;
  let outsider: Member;
  let pages: { owner: Page; member: Page; outsider: Page; guest: Page };
  const failures: ReturnType<typeof watchForFailures>[] = [];
  const tag = Date.now().toString(36);
  const publicCommunity = { name: `South B Mosque ${tag}`, post: `Jumu'ah moves to 1:15 this week ${tag}` };

  beforeAll(async () => {
    app = await startServedApp();
    [owner, member, outsider] = await Promise.all([
      registerVerifiedMember(app.runtime),
      registerVerifiedMember(app.runtime),
      registerMember(app.runtime),
    ]);
    // The public community the guest browses: made over the API, its post by its owner.
    const made = await owner.agent.post('/api/communities').set('X-CSRF-Token', owner.token).send({
      name: publicCommunity.name,
      description: 'Announcements of the South B mosque',
      rules: [],
      category: 'mosque',
      city: 'Nairobi',
      privacy: 'public',
    });
    expect(made.status).toBe(201);
    await createPost(owner, { content: publicCommunity.post, communityId: made.body.community.id });

    const open = async (who: Member | null) => {
      const context = await app.browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'en-US',
        ...NO_SERVICE_WORKER,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      failures.push(watchForFailures(page));
      if (who) await signInThroughForm(page, app.base, who);
      else await page.goto(app.base + '/communities');
      return page;
    };
    const [ownerPage, memberPage, outsiderPage, guestPage] = await Promise.all([
      open(owner),
      open(member),
      open(outsider),
      open(null),
    ]);
    pages = { owner: ownerPage, member: memberPage, outsider: outsiderPage, guest: guestPage };
  }, 240_000);

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    await app?.close();
  });

  /** Every page in `lang` from its next load on (the header's language menu writes the same key). */
  async function speak(lang: Lang) {
    for (const page of Object.values(pages)) await page.evaluate(`localStorage.setItem('dc.lang', '${lang}')`);
  }

  async function goto(page: Page, path: string, lang: Lang) {
    await page.goto(app.base + path);
    await page.locator(`html[lang="${lang}"][dir="${lang === 'ar' ? 'rtl' : 'ltr'}"]`).waitFor({
      state: 'attached',
      ...WAIT,
    });
  }

  async function journey(lang: Lang) {
    const w = wordsOf(lang);
    const word = `${tag}${lang}`;
    const circle = {
      name: lang === 'ar' ? `حلقة التجويد ${word}` : `Tajweed Circle ${word}`,
      slug: `tajweed-${word}`,
      post: lang === 'ar' ? `الدرس يوم الخميس بعد المغرب ${word}` : `Class moves to Thursday after Maghrib ${word}`,
    };
    await speak(lang);

    // The owner creates the private circle through the form.
    await goto(pages.owner, '/communities', lang);
    await pages.owner.getByRole('link', { name: w.create }).click();
    await pages.owner.getByLabel(w.name, { exact: true }).fill(circle.name);
    await pages.owner.getByLabel(w.address).fill(circle.slug);
    await pages.owner.getByLabel(w.description).fill('Reading the Quran well, together');
    await pages.owner.getByLabel(w.category).selectOption('study_circle');
    await pages.owner.getByLabel(w.city).fill('Nairobi');
    await pages.owner.getByRole('radio', { name: new RegExp(`^${escape(w.private)}`) }).check();
    await pages.owner.getByRole('button', { name: w.submit, exact: true }).click();
    await pages.owner.waitForURL(`${app.base}/communities/${circle.slug}`, WAIT);
    await pages.owner.getByRole('heading', { level: 1, name: circle.name }).waitFor(WAIT);

    // Another member finds it by a word of its name and asks to join.
    await eventually(
      () => member.agent.get('/api/communities').query({ q: word }),
      (res) => JSON.stringify(res.body).includes(circle.slug),
      'the new circle listed',
    );
    await goto(pages.member, '/communities', lang);
    await pages.member.getByRole('searchbox', { name: w.search }).fill(word);
    // The list settles on the search's results (the address written once typing pauses) before the
    // click: a click while "Your communities" folds away can land on whatever moved under it.
    await pages.member.waitForURL((url) => url.searchParams.get('q') === word, WAIT);
    await pages.member.getByRole('article', { name: circle.name }).getByRole('link', { name: circle.name }).click();
    await pages.member.waitForURL(`${app.base}/communities/${circle.slug}`, WAIT);
    await pages.member.getByRole('button', { name: w.request }).click();
    await pages.member.getByText(w.requested, { exact: true }).waitFor(WAIT);

    // The owner opens the request from the notification and approves it.
    await eventually(
      () => owner.agent.get('/api/notifications'),
      (res) => noticed(res.body, 'community_join_request', circle.slug),
      'the join request notified',
    );
    await goto(pages.owner, '/notifications', lang);
    await pages.owner.getByRole('button', { name: w.asked(member.displayName, circle.name) }).click();
    await pages.owner.waitForURL(`${app.base}/communities/${circle.slug}/requests`, WAIT);
    await pages.owner.getByRole('heading', { level: 1, name: w.requestsTitle }).waitFor(WAIT);
    const request = pages.owner.getByRole('listitem', { name: member.displayName });
    await request.getByRole('button', { name: w.approve }).click();
    await request.waitFor({ state: 'detached', ...WAIT });

    // The new member, told by a notification, posts into the circle with the Post to picker.
    await eventually(
      () => member.agent.get('/api/notifications'),
      (res) => noticed(res.body, 'community_join_approved', circle.slug),
      'the approval notified',
    );
    await goto(pages.member, '/notifications', lang);
    await pages.member.getByRole('button', { name: w.approved(circle.name) }).click();
    await pages.member.waitForURL(`${app.base}/communities/${circle.slug}`, WAIT);
    await pages.member.getByRole('button', { name: w.leave }).waitFor(WAIT);
    await goto(pages.member, '/compose', lang);
    await pages.member.getByLabel(w.postTo).selectOption({ label: w.privateOption(circle.name) });
    await pages.member.getByRole('textbox', { name: w.postText }).fill(circle.post);
    await pages.member.getByRole('button', { name: w.post, exact: true }).click();
    await pages.member.waitForURL(/\/post\/[^/]+$/, WAIT);
    const postPath = new URL(pages.member.url()).pathname;

    await goto(pages.member, `/communities/${circle.slug}`, lang);
    const card = pages.member
      .getByRole('feed', { name: w.feed })
      .getByRole('article', { name: w.card(member.displayName) })
      .filter({ hasText: circle.post });
    await card.waitFor(WAIT);
    await card.getByText(w.postedIn, { exact: true }).waitFor({ state: 'attached', ...WAIT });
    await card.getByRole('link', { name: circle.name, exact: true }).waitFor(WAIT);

    // A third member sees the circle's about part and the private notice, never the post.
    await goto(pages.outsider, `/communities/${circle.slug}`, lang);
    await pages.outsider.getByRole('heading', { level: 1, name: circle.name }).waitFor(WAIT);
    await pages.outsider.getByText(w.privateFeed).waitFor(WAIT);
    await pages.outsider.getByRole('button', { name: w.request }).waitFor(WAIT);
    expect(await pages.outsider.getByText(circle.post).count()).toBe(0);
    await goto(pages.outsider, postPath, lang);
    await pages.outsider.getByRole('heading', { level: 1, name: w.postNotFound }).waitFor(WAIT);
    expect(await pages.outsider.getByText(circle.post).count()).toBe(0);

    // A guest browses the communities, reads a public one's posts, and is sent to sign in to join.
    await goto(pages.guest, '/communities', lang);
    const listed = pages.guest.getByRole('article', { name: publicCommunity.name });
    await listed.waitFor(WAIT);
    expect(await pages.guest.getByRole('article', { name: circle.name }).count()).toBe(0);
    await listed.getByRole('link', { name: publicCommunity.name }).click();
    await pages.guest.getByRole('feed', { name: w.feed }).getByText(publicCommunity.post).waitFor(WAIT);
    await pages.guest.getByRole('button', { name: w.join, exact: true }).click();
    await pages.guest.waitForURL(`${app.base}/auth`, WAIT);

    // The owner deletes the circle once its name is typed: it is gone for its member too.
    await goto(pages.owner, `/communities/${circle.slug}/edit`, lang);
    await pages.owner.getByRole('button', { name: w.deleteCommunity, exact: true }).click();
    const confirm = pages.owner.getByRole('alertdialog');
    await confirm.getByRole('textbox', { name: w.confirmName }).fill(circle.name);
    await confirm.getByRole('button', { name: w.deleteForGood }).click();
    await pages.owner.waitForURL(`${app.base}/communities`, WAIT);
    await goto(pages.member, `/communities/${circle.slug}`, lang);
    await pages.member.getByRole('heading', { level: 1, name: w.notFound }).waitFor(WAIT);

    expect(failures.filter((f) => f.pageErrors.length > 0 || f.serverErrors.length > 0)).toEqual([]);
  }

  it('in English', () => journey('en'), 90_000);

  it('in Arabic, right to left', () => journey('ar'), 90_000);
});
