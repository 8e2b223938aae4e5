import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Member } from '@testing/members';
import { createPost } from '@testing/verified-member';

import { IdentityService } from '../../backend/modules/identity';
import { inLang, newTag, verifiedMember } from './journeys/seed';
import { containing, exactly, type Lang, LANGS } from './journeys/strings';
import { endVisit, expectIsolated, notificationsTabName, shot, tab, type Visit, visitAs, WAIT } from './journeys/visit';
import { largePhoto } from './photos';
import { DESKTOP, type ServedApp, startServedApp } from './served-app';

/**
 * Issue 40's "Must show", journeys 5 and 6 of part 2, in English and in Arabic, never reloading a
 * page after its first load. Two members chat live: one on a phone opens the conversation the other
 * began (its unread count in the language's plural form), picks a photo and sees its thumbnail
 * before sending; the other, on a desktop, sees the photo arrive; each sees one date separator for
 * the day, and the phone's Messages tab goes back from the chat to the list. A member reports a
 * post picking a reason; a moderator's card links to the post and names the reporter (isolated);
 * the moderator hides it with a reason; the author is told live, opens the post from the notice,
 * reads the banner and appeals; the appeal is in the moderators' Appeals tab.
 */

/** The post B reports: A's, written before the journeys begin. */
const reported = (lang: Lang, tag: string) =>
  inLang(lang, `Cheap followers here, click fast ${tag}`, `متابعون بأرخص الأسعار، سارع ${tag}`);

describe('journeys 5 and 6: chat live with a photo; handle a report (Chromium, English and Arabic)', () => {
  let app: ServedApp;
  let scratch: string;
  let photo: string;
  /** Per language: A (on a phone), who chats and then has a post reported; B (a desktop), who chats and reports; a moderator. */
  const cast = {} as Record<Lang, { a: Member; b: Member; phone: Visit; desk: Visit; staff?: Visit; tag: string }>;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'dc-journeys-'));
    photo = join(scratch, 'courtyard.png');
    [app] = await Promise.all([startServedApp(), largePhoto(photo, 800, 600)]);
  }, 180_000);

  afterAll(async () => {
    for (const lang of LANGS)
      for (const side of ['phone', 'desk', 'staff'] as const) await cast[lang]?.[side]?.context.close();
    await app?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  describe.each(LANGS)('in %s', (lang) => {
    it('two members chat live with a photo: thumbnail before sending, one date separator, Messages back to the list', async () => {
      const tag = newTag();
      const [a, b] = await Promise.all([
        verifiedMember(app.runtime, inLang(lang, 'Aisha Noor', 'عائشة نور')),
        verifiedMember(app.runtime, inLang(lang, 'Bilal Omar', 'بلال عمر')),
      ]);
      // B began the conversation; A wrote, earlier, the post B will report.
      await createPost(a, { content: reported(lang, tag) });
      const started = await b.agent.post('/api/conversations').set('X-CSRF-Token', b.token).send({ userId: a.id });
      expect(started.status).toBe(201);
      const greeting = inLang(lang, 'Salaam! Are you coming to the halaqa?', 'السلام عليكم! هل ستحضرين الحلقة؟');
      await b.agent
        .post('/api/messages')
        .set('X-CSRF-Token', b.token)
        .send({ conversationId: started.body.id, content: greeting })
        .expect(201);
      const phone = await visitAs(app, lang, a);
      const desk = await visitAs(app, lang, b, DESKTOP);
      cast[lang] = { a, b, phone, desk, tag };

      await tab(desk, 'messages').click();
      const rowOnDesk = desk.page
        .getByRole('list', { name: desk.tr('messages.list.label') })
        .getByRole('button', { name: new RegExp(a.displayName) });
      await rowOnDesk.click();
      const logOnDesk = desk.page.getByRole('log', { name: desk.tr('messages.chat.log', { name: a.displayName }) });
      await logOnDesk.getByText(greeting).waitFor(WAIT);

      const { page, tr } = phone;
      await tab(phone, 'messages').click();
      const list = page.getByRole('list', { name: tr('messages.list.label') });
      const row = list.getByRole('button', { name: new RegExp(b.displayName) });
      await row.getByLabel(tr('messages.list.unread', { count: 1 }), { exact: true }).waitFor(WAIT);
      await row.click();
      const log = page.getByRole('log', { name: tr('messages.chat.log', { name: b.displayName }) });
      await log.getByText(greeting).waitFor(WAIT);

      // The picked photo itself shows before it is sent.
      await page.getByTestId('attachment-input').setInputFiles(photo);
      const files = page.getByRole('list', { name: tr('messages.composer.files') });
      await files.getByRole('img', { name: tr('uploads.thumbnail', { file: 'courtyard.png' }) }).waitFor(WAIT);
      await files.locator('[data-status="completed"]').waitFor(WAIT);
      await shot(phone, 'chat-photo-picked');
      const caption = inLang(lang, 'The courtyard after Fajr', 'الساحة بعد الفجر');
      await page.getByRole('textbox', { name: tr('messages.composer.label') }).fill(caption);
      await page.getByRole('button', { name: tr('messages.composer.send') }).click();
      await files.waitFor({ state: 'detached', ...WAIT });

      // The other member sees the photo arrive, with no reload.
      await logOnDesk.getByRole('img', { name: desk.tr('messages.message.photo', { name: a.displayName }) }).waitFor({
        timeout: 45_000,
      });
      await logOnDesk.getByText(caption).waitFor(WAIT);
      // One separator for the day, however many messages it holds.
      for (const chat of [log, logOnDesk]) {
        expect(await chat.locator('.chat__day').count()).toBe(1);
        await chat.locator('.chat__day').getByText(tr('messages.chat.today'), { exact: true }).waitFor(WAIT);
      }
      await shot(desk, 'chat-photo-arrived');

      // On the phone the chat covers the list; the Messages tab brings the list back.
      await tab(phone, 'messages').click();
      await log.waitFor({ state: 'hidden', ...WAIT });
      await row.waitFor({ state: 'visible', ...WAIT });
    }, 90_000);

    it('a report is handled: reason picked, the card links the post and names the reporter, hidden, the author told live and appeals', async () => {
      const { a: author, b: reporter, phone: authorVisit, desk: reporting, tag } = cast[lang];
      const mod = await verifiedMember(app.runtime, inLang(lang, 'Moderator Salma', 'المشرفة سلمى'));
      await app.runtime.http!.get(IdentityService).changeRole(mod.id, 'moderator', { actor: 'e2e', requestId: 'e2e' });
      const desk = (cast[lang].staff = await visitAs(app, lang, mod, DESKTOP));
      const words = reported(lang, tag);
      const { page, tr } = reporting;
      await tab(reporting, 'home').click();
      const post = page
        .getByRole('article', { name: tr('posts.card', { name: author.displayName }) })
        .filter({ hasText: tag });
      await post.getByRole('button', { name: tr('posts.menu.open') }).click();
      await page.getByRole('menuitem', { name: tr('posts.menu.report') }).click();
      const dialog = page.getByRole('dialog', { name: tr('posts.report.post.title') });
      await dialog.getByRole('radio', { name: tr('posts.report.reasons.spam') }).check();
      await dialog.getByRole('button', { name: tr('posts.report.submit'), exact: true }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });

      await desk.page.getByRole('button', { name: desk.tr('header.openMenu') }).click();
      await desk.page
        .getByRole('dialog', { name: desk.tr('menu.title') })
        .getByRole('button', { name: desk.tr('nav.moderation') })
        .click();
      const card = desk.page.getByRole('listitem', {
        name: `${desk.tr('moderation.target.post')} @${author.username}`,
      });
      await card.getByText(words).waitFor(WAIT);
      await card.getByRole('link', { name: desk.tr('moderation.reports.openPost') }).waitFor(WAIT);
      await card.getByText(exactly(desk.tr('moderation.reports.count', { count: 1 }))).waitFor(WAIT);
      await expectIsolated(card.getByText(`@${reporter.username}`, { exact: true }));
      await expectIsolated(card.locator('.moderation-report__head').getByText(`@${author.username}`, { exact: true }));
      await shot(desk, 'moderation-card');
      const reason = inLang(lang, 'Spam ring selling followers', 'شبكة بريد مزعج تبيع المتابعين');
      await card.getByRole('button', { name: desk.tr('moderation.action.hide'), exact: true }).click();
      const hide = desk.page.getByRole('dialog');
      await hide.getByLabel(desk.tr('moderation.action.reason')).fill(reason);
      await hide.getByRole('button', { name: desk.tr('moderation.action.hide'), exact: true }).click();
      await desk.page.getByText(desk.tr('moderation.action.done', { count: 1 })).waitFor(WAIT);

      // The author, on the Messages list since the chat: told live, then the notice leads to the post, its banner and Appeal.
      const bar = authorVisit.page.getByRole('navigation', { name: authorVisit.tr('nav.primary') });
      await bar.getByRole('link', { name: notificationsTabName(authorVisit, 1) }).click();
      // The moderators' words between Unicode isolates: in either script they keep the sentence whole.
      const notice = authorVisit.page.getByRole('button', {
        name: containing(authorVisit.tr('notifications.type.post_hidden', { reason: `\u2068${reason}\u2069` })),
      });
      await notice.click();
      await authorVisit.page.waitForURL(/\/post\/[^/]+$/, WAIT);
      const banner = authorVisit.page.getByRole('region', { name: authorVisit.tr('posts.hidden.label') });
      await banner.getByText(reason).waitFor(WAIT);
      await shot(authorVisit, 'post-hidden-banner');
      await banner.getByRole('button', { name: authorVisit.tr('posts.hidden.appeal') }).click();
      const appeal = authorVisit.page.getByRole('dialog', { name: authorVisit.tr('posts.appeal.title') });
      const why = inLang(lang, 'It was a joke among friends.', 'كانت مزحة بين أصدقاء.');
      await appeal.getByLabel(authorVisit.tr('posts.appeal.text')).fill(why);
      await appeal.getByRole('button', { name: authorVisit.tr('posts.appeal.submit') }).click();
      await appeal.waitFor({ state: 'detached', ...WAIT });
      await banner
        .getByRole('button', { name: authorVisit.tr('posts.hidden.appeal') })
        .waitFor({ state: 'detached', ...WAIT });

      // The appeal waits in the moderators' queue.
      await desk.page.getByRole('tab', { name: desk.tr('moderation.tabs.appeals') }).click();
      const appealCard = desk.page.getByRole('listitem', {
        name: desk.tr('moderation.appeals.card', { author: `@${author.username}` }),
      });
      await appealCard.getByText(why).waitFor(WAIT);
      await appealCard.getByText(reason).waitFor(WAIT);
      await shot(desk, 'moderation-appeal');
      for (const visit of [authorVisit, reporting, desk]) await endVisit(visit);
    }, 90_000);
  });
});
