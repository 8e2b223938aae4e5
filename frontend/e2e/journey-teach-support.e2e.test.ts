import { testClip } from '@testing/clips';

import { IdentityService } from '../../backend/modules/identity';
import { TeachersService } from '../../backend/modules/learning';
import { inLang, newTag, verifiedMember } from './journeys/seed';
import { exactly, kes, type Lang, LANGS } from './journeys/strings';
import { endVisit, expectIsolated, notificationsTabName, shot, tab, type Visit, visitAs, WAIT } from './journeys/visit';
import { DESKTOP, type ServedApp, startServedApp, waitForExpression } from './served-app';

/**
 * Issue 40's "Must show", journeys 3 and 4 of part 2, in English and in Arabic, never reloading a
 * page after its first load. A member applies to teach through the Learn screen; once an admin
 * approves (a service call) the Teach tab shows and the notifications tab counts the notice (Arabic:
 * its 'one' form), all pushed by the server; in the course editor a 2-second clip uploaded to a
 * lesson gets its preview player and a read-only length of 0:02, and the course is saved. An admin
 * has /support open on a desktop while a member gives by sandbox card on a phone: the admin's total
 * and public ledger show the gift as it is paid, the donor's name isolated in the Arabic ledger.
 */

const SECONDS = 2;

describe('journeys 3 and 4: teach a course with a video lesson; donate and see the ledger (Chromium, English and Arabic)', () => {
  let app: ServedApp;
  /** The member (on a phone), who teaches then gives, and the admin (on a desktop), per language. */
  const visits = {} as Record<Lang, { member: Visit; admin?: Visit; name: string }>;
  /** What the ledger has collected so far (both languages' gifts land in the one fund). */
  let collected = 0;

  beforeAll(async () => {
    app = await startServedApp({ env: { PAYMENTS_SANDBOX_DELAY_MS: '300' } });
    // Donations are open (an admin opened them before; the journey is giving, not opening).
    const opener = await verifiedMember(app.runtime, 'Admin Opener');
    await app.runtime.http!.get(IdentityService).changeRole(opener.id, 'admin', { actor: 'e2e', requestId: 'e2e' });
    await opener.agent
      .put('/api/admin/donations')
      .set('X-CSRF-Token', opener.token)
      .send({ paused: false })
      .expect(200);
  }, 180_000);

  afterAll(async () => {
    for (const lang of LANGS)
      for (const visit of [visits[lang]?.member, visits[lang]?.admin]) await visit?.context.close();
    await app?.close();
  });

  describe.each(LANGS)('in %s', (lang) => {
    it('applies to teach, sees the Teach tab once approved, uploads a video lesson with its preview and length, and publishes it', async () => {
      // A name in Latin letters ending in brackets: in an Arabic line only isolation keeps it whole.
      const name = `${inLang(lang, 'Maryam Said', 'Yusuf Ali')} (${inLang(lang, 'Lamu', 'Mombasa')})`;
      const member = await verifiedMember(app.runtime, name);
      const visit = await visitAs(app, lang, member);
      visits[lang] = { member: visit, name };
      const { page, tr } = visit;

      await tab(visit, 'learn').click();
      await page.getByRole('button', { name: tr('learning.scholarApply') }).click();
      const dialog = page.getByRole('dialog', { name: tr('learning.apply.title') });
      await dialog
        .getByLabel(tr('learning.apply.bio'))
        .fill(inLang(lang, 'Teaching tajweed for ten years.', 'أعلّم التجويد منذ عشر سنوات.'));
      await dialog.getByText(tr('learning.category.Quran'), { exact: true }).click();
      await dialog.getByRole('button', { name: tr('learning.apply.submit') }).click();
      const review = page.getByText(tr('learning.underReview'));
      await review.waitFor(WAIT);
      const learningNav = page.getByRole('navigation', { name: tr('learning.nav.label') });
      expect(await learningNav.getByRole('link', { name: tr('learning.nav.teach') }).count()).toBe(0);

      await app.runtime.http!.get(TeachersService).approve({ id: 'e2e-admin', role: 'admin' }, member.id, {
        actor: 'e2e-admin',
        requestId: 'e2e',
      });
      // Pushed by the server: the Teach tab, no more "under review", and the notice counted.
      await learningNav.getByRole('link', { name: tr('learning.nav.teach') }).waitFor(WAIT);
      await review.waitFor({ state: 'detached', ...WAIT });
      await page
        .getByRole('navigation', { name: tr('nav.primary') })
        .getByRole('link', { name: notificationsTabName(visit, 1) })
        .waitFor(WAIT);
      await shot(visit, 'teach-approved');

      await learningNav.getByRole('link', { name: tr('learning.nav.teach') }).click();
      await page.getByRole('link', { name: tr('learning.teach.new') }).click();
      await page.getByRole('heading', { name: tr('learning.editor.createTitle'), level: 1 }).waitFor(WAIT);
      const title = inLang(lang, `Tajweed in short clips ${newTag()}`, `التجويد في مقاطع قصيرة ${newTag()}`);
      await page.getByLabel(tr('learning.editor.courseTitle'), { exact: true }).fill(title);
      await page
        .getByLabel(tr('learning.editor.description'), { exact: true })
        .fill(inLang(lang, 'Short lessons.', 'دروس قصيرة.'));
      await page.getByRole('button', { name: tr('learning.editor.addSection') }).click();
      await page.getByLabel(tr('learning.editor.sectionTitle', { n: 1 })).fill(inLang(lang, 'Al-Fatiha', 'الفاتحة'));
      const lesson = page.getByRole('group', { name: tr('learning.editor.lesson', { n: 1 }), exact: true });
      const lessonTitle = inLang(lang, 'Recited slowly', 'تلاوة مرتّلة');
      await lesson.getByLabel(tr('learning.editor.lessonTitle', { n: 1 })).fill(lessonTitle);
      await lesson.getByRole('radio', { name: tr('learning.editor.kindVideo') }).check();
      const clip = testClip({ size: '160x120', rate: 10, seconds: SECONDS, picture: 'black' });
      await lesson.locator('input[type="file"]').setInputFiles(clip.file);

      // The preview player once the worker has the video ready, and its length read from the video.
      const player = lesson.locator(
        `video[aria-label="${tr('learning.editor.videoPreview', { title: lessonTitle })}"]`,
      );
      await player.waitFor({ timeout: 30_000 });
      const length = lesson.getByLabel(tr('learning.editor.videoDuration'), { exact: true });
      await waitForExpression(page, `document.querySelector('.lesson-video-preview video')?.readyState >= 1`);
      expect(await length.inputValue()).toBe(`0:0${SECONDS}`);
      expect(await length.getAttribute('readonly')).not.toBeNull();
      expect(Math.round(await player.evaluate((v) => (v as unknown as { duration: number }).duration))).toBe(SECONDS);
      await shot(visit, 'lesson-video');

      await page.getByRole('button', { name: tr('learning.editor.save'), exact: true }).click();
      await page.getByText(tr('learning.editor.created')).first().waitFor(WAIT);
      await page.waitForURL(/\/teach\/[^/]+$/, WAIT);
      await page.getByRole('heading', { name: tr('learning.editor.editTitle'), level: 1 }).waitFor(WAIT);

      // Published after a confirmation, with a way to see it as members will (no reload on the way).
      await page.getByRole('button', { name: tr('learning.editor.publish'), exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: tr('learning.editor.publishConfirmTitle') });
      await confirm.getByRole('button', { name: tr('learning.editor.publish'), exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: tr('learning.editor.publishedNow') })
        .waitFor(WAIT);
      await page.getByRole('link', { name: tr('learning.editor.viewInCatalogue') }).click();
      await page.waitForURL(/\/course\/[^/]+$/, WAIT);
      await page.getByRole('heading', { name: title }).first().waitFor(WAIT);
      await shot(visit, 'course-published');
    }, 90_000);

    it('an admin watching /support sees the total and the ledger take a card donation as it is paid', async () => {
      const admin = await verifiedMember(app.runtime, inLang(lang, 'Admin Khalid', 'المشرف خالد'));
      await app.runtime.http!.get(IdentityService).changeRole(admin.id, 'admin', { actor: 'e2e', requestId: 'e2e' });
      const desk = await visitAs(app, lang, admin, DESKTOP);
      visits[lang].admin = desk;
      const { member: phone, name } = visits[lang];
      const amount = lang === 'en' ? 2500 : 1200;
      await tab(desk, 'support').click();
      const total = desk.page.locator('.support-total .visually-hidden');
      await total.filter({ hasText: exactly(kes(lang, collected)) }).waitFor(WAIT);
      const ledger = desk.page.getByRole('list', { name: desk.tr('support.ledger.title') });

      const { page, tr } = phone;
      await tab(phone, 'support').click();
      await page.getByRole('button', { name: tr('support.donateButton') }).click();
      const dialog = page.getByRole('dialog', { name: tr('support.donate.title') });
      await dialog.getByLabel(tr('support.donate.custom')).fill(String(amount));
      await dialog.getByRole('radio', { name: tr('learning.checkout.card') }).check();
      await dialog.getByLabel(tr('learning.checkout.cardNumber')).fill('4242 4242 4242 4242');
      await dialog.getByRole('button', { name: tr('support.donate.submit', { amount: kes(lang, amount) }) }).click();
      await page.getByText(tr('support.donate.successTitle')).waitFor(WAIT);
      await dialog.waitFor({ state: 'detached', ...WAIT });
      collected += amount;

      // On the admin's open page, with no reload: the total, and the gift at the top of the ledger.
      await total.filter({ hasText: exactly(kes(lang, collected)) }).waitFor(WAIT);
      const entry = ledger.getByRole('listitem').first();
      await entry.getByText(name, { exact: true }).waitFor(WAIT);
      await entry.getByText(`+${kes(lang, amount)}`, { exact: true }).waitFor(WAIT);
      await expectIsolated(entry.getByText(name, { exact: true }));
      await desk.page
        .getByTestId('total-counter')
        .filter({ hasText: exactly(kes(lang, collected)) })
        .waitFor(WAIT);
      await shot(desk, 'support-admin');
      await endVisit(phone);
      await endVisit(desk);
    }, 90_000);
  });
});
