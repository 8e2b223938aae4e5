import { mailsTo, PASSWORD } from '@testing/members';

import { approvedTeacher, courseBody, createCourse, moderator } from '../../backend/modules/learning/testing/courses';
import { fillerPosts, followVerificationLink, inLang, newTag, verifiedMember } from './journeys/seed';
import { exactly, kes, type Lang, LANGS } from './journeys/strings';
import {
  endVisit,
  expectIsolated,
  markDocument,
  openVisit,
  scrolledTo,
  shot,
  tab,
  type Visit,
  WAIT,
} from './journeys/visit';
import { type ServedApp, startServedApp, waitForExpression } from './served-app';

/**
 * Issue 40's "Must show", journeys 1 and 2 of part 2, in English and in Arabic, on a phone, never
 * reloading the page after the first load: a new member signs up and signs in, is told the post
 * will be text only until the address is verified (and stops being told once it is, elsewhere),
 * counts down the characters left (Arabic: 11, 2 and 1 in their own plural forms), posts and sees
 * the post; scrolls Home and opens Learn at its top, and Back returns to the same place on Home;
 * then buys a course (English by sandbox card, Arabic by sandbox M-Pesa, the phone isolated on the
 * wait screen): the header's cart goes from one course to none as the payment lands, every lesson
 * is completed, the congratulations appear and View certificate opens the certificate with the
 * member's name and the course; then pays for a second course the other way (both methods in both
 * languages).
 */

const PRICE = 1500;

describe('journeys 1 and 2: sign up and post, buy and finish a course (Chromium, English and Arabic)', () => {
  let app: ServedApp;
  const courses = {} as Record<Lang, string>;
  /** A second course each, paid the other way (M-Pesa in English, card in Arabic). */
  const seconds = {} as Record<Lang, string>;
  const visits = {} as Record<Lang, Visit>;
  const names = {} as Record<Lang, string>;

  beforeAll(async () => {
    // The sandbox pays a moment after the request: long enough to read the wait screen, no longer.
    app = await startServedApp({ env: { PAYMENTS_SANDBOX_DELAY_MS: '2500' } });
    // Someone already posting, so that Home is taller than the phone's screen.
    await fillerPosts(await verifiedMember(app.runtime, 'Ibrahim Musa'), 12);
    const teacher = await approvedTeacher(app.runtime, await moderator(app.runtime));
    const tag = newTag();
    for (const lang of LANGS) {
      courses[lang] = inLang(lang, `Seerah for Families ${tag}`, `السيرة للعائلات ${tag}`);
      seconds[lang] = inLang(lang, `Adab of the Masjid ${tag}`, `آداب المسجد ${tag}`);
      const lesson = (title: string, text: string) => ({ title, durationSec: 300, content: { kind: 'text', text } });
      await createCourse(
        teacher,
        courseBody({
          title: courses[lang],
          price: String(PRICE),
          sections: [
            {
              title: inLang(lang, 'Makkah', 'مكة'),
              lessons: [
                lesson(inLang(lang, 'The early years', 'السنوات الأولى'), 'The Prophet ﷺ was born in Makkah.'),
                lesson(inLang(lang, 'The migration', 'الهجرة'), 'The migration to Madinah began a new era.'),
              ],
            },
          ],
        }),
      );
      const short = {
        title: inLang(lang, 'Entering', 'الدخول'),
        durationSec: 120,
        content: { kind: 'text', text: 'Enter with the right foot.' },
      };
      await createCourse(
        teacher,
        courseBody({
          title: seconds[lang],
          price: String(PRICE),
          sections: [{ title: inLang(lang, 'Adab', 'الآداب'), lessons: [short] }],
        }),
      );
    }
  }, 180_000);

  afterAll(async () => {
    for (const lang of LANGS) await visits[lang]?.context.close();
    await app?.close();
  });

  describe.each(LANGS)('in %s', (lang) => {
    it('signs up, is verified elsewhere, counts the characters left, posts and sees the post; tabs open at the top', async () => {
      const tag = newTag();
      const me = {
        name: inLang(lang, 'Yusuf Journey', 'خديجة الأحمد'),
        username: `journey_${lang}_${tag}`,
        email: `journey.${lang}.${tag}@example.test`,
      };
      names[lang] = me.name;
      const visit = (visits[lang] = await openVisit(app, lang));
      const { page, tr } = visit;

      await page.goto(app.base + '/auth');
      await markDocument(visit);
      await page.getByRole('tab', { name: tr('auth.signUpTab') }).click();
      await page.getByLabel(tr('auth.fullName'), { exact: true }).fill(me.name);
      await page.getByLabel(tr('auth.username'), { exact: true }).fill(me.username);
      await page.getByLabel(tr('auth.email'), { exact: true }).fill(me.email);
      await page.getByLabel(tr('auth.password'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(tr('auth.confirmPassword'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: tr('auth.signUpButton') }).click();
      await page.getByRole('heading', { name: tr('auth.welcomeTitle') }).waitFor(WAIT);
      await page.getByRole('button', { name: tr('auth.continueToSignIn') }).click();
      await page.getByLabel(tr('auth.password'), { exact: true }).fill(PASSWORD);
      await page
        .getByRole('button', { name: tr('auth.signInButton'), exact: true })
        .last()
        .click();
      await page.waitForURL(/\/home$/, WAIT);

      // The verification mail is in the language the member signed up in.
      const mail = (await mailsTo(app.runtime, me.email)).find((m) => m.template === 'verify-email')!;
      expect(mail.text).toContain(me.name);
      expect(/[\u0600-\u06ff]/.test(mail.subject)).toBe(lang === 'ar');

      await page.getByRole('button', { name: tr('header.createPost') }).click();
      const dialog = page.getByRole('dialog', { name: tr('compose.title') });
      const limited = dialog.getByText(tr('compose.limitedNotice'));
      await limited.waitFor(WAIT);
      // Verified from the mail on another device: the composer stops saying so, with no reload.
      await followVerificationLink(app.runtime, me.email);
      await limited.waitFor({ state: 'detached', ...WAIT });

      const box = dialog.getByRole('textbox', { name: tr('compose.textLabel') });
      const left = dialog.locator('.compose__counter .visually-hidden');
      for (const count of [11, 2, 1]) {
        await box.fill('ا'.repeat(5000 - count));
        await left.filter({ hasText: exactly(tr('compose.counterHint', { count })) }).waitFor(WAIT);
      }
      const words = inLang(
        lang,
        `Salaam all, the Quran circle is after Maghrib ${tag}`,
        `حلقة القرآن بعد المغرب ${tag}`,
      );
      await box.fill(words);
      await dialog.getByRole('button', { name: tr('compose.post'), exact: true }).click();
      // The new post opens: the member sees what they posted, their handle isolated from the line.
      await page.waitForURL(/\/post\/[^/]+$/, WAIT);
      await page.getByRole('heading', { name: tr('postDetail.title'), level: 1 }).waitFor(WAIT);
      const card = page.getByRole('article', { name: tr('posts.card', { name: me.name }) }).first();
      await card.getByText(words).waitFor(WAIT);
      await expectIsolated(card.getByText(`@${me.username}`, { exact: true }));
      await shot(visit, 'post-seen');

      // Back to Home, scrolled down; Learn opens at its top; Back finds Home where it was.
      await page.goBack();
      await page
        .getByRole('feed', { name: tr('feed.label') })
        .getByText(words)
        .waitFor(WAIT);
      await waitForExpression(page, 'document.documentElement.scrollHeight > innerHeight + 900');
      await page.evaluate('window.scrollTo(0, 900)');
      await scrolledTo(page, 900);
      await tab(visit, 'learn').click();
      await page.getByRole('heading', { name: tr('learning.title'), level: 1 }).waitFor(WAIT);
      expect(await page.evaluate('window.scrollY')).toBe(0);
      await page.goBack();
      await page.waitForURL(/\/home$/, WAIT);
      await scrolledTo(page, 900);
    }, 90_000);

    it('buys the course (card in English, M-Pesa in Arabic), the cart badge empties, finishes it, opens the certificate, then pays for another the other way', async () => {
      const visit = visits[lang];
      const { page, tr } = visit;
      const title = courses[lang];
      const header = page.getByRole('banner');
      const cart = (count: number) =>
        header.getByRole('link', { name: tr('learning.cartLink', { count }), exact: true });
      /** From the catalogue to the success screen, by card or by M-Pesa, with the cart empty after. */
      const buy = async (course: string, method: 'card' | 'mpesa') => {
        await tab(visit, 'learn').click();
        const listed = page.getByRole('article', { name: course });
        await listed.getByRole('button', { name: `${tr('learning.button.add')}: ${course}` }).click();
        await cart(1).click();
        await page.getByRole('heading', { name: tr('learning.cart.title'), level: 1 }).waitFor(WAIT);
        await page.getByRole('link', { name: tr('learning.cart.checkout') }).click();
        await page.waitForURL(/\/checkout/, WAIT);
        const pay = page.getByRole('button', { name: tr('learning.checkout.pay', { total: kes(lang, PRICE) }) });
        if (method === 'card') {
          await page.getByRole('radio', { name: tr('learning.checkout.card') }).check();
          await page.getByLabel(tr('learning.checkout.cardNumber')).fill('4242 4242 4242 4242');
          await pay.click();
        } else {
          await page.getByRole('radio', { name: tr('learning.checkout.mpesa') }).check();
          await page.getByLabel(tr('learning.checkout.phone')).fill('0712345678');
          await pay.click();
          // The wait screen: the amount, and the phone written as people write it, left to right inside an Arabic line.
          await page.getByText(tr('learning.checkout.waitingAmount', { amount: kes(lang, PRICE) })).waitFor(WAIT);
          await expectIsolated(page.getByText('0712 345 678', { exact: true }));
          await shot(visit, 'mpesa-wait');
        }
        await page.getByRole('heading', { name: tr('learning.checkout.successTitle') }).waitFor(WAIT);
        // Paid: the header's cart is empty, with no reload (the server's resources_changed push).
        await cart(0).waitFor(WAIT);
        expect(await header.locator('.cart-link__count').count()).toBe(0);
      };
      await buy(title, lang === 'en' ? 'card' : 'mpesa');
      await shot(visit, 'paid');

      await page.getByRole('link', { name: tr('learning.checkout.startLearningCourse', { title }) }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor(WAIT);
      const progress = (completed: number) =>
        page.getByText(exactly(tr('learning.learn.progressText', { completed, count: 2 }))).waitFor(WAIT);
      await progress(0);
      await page.getByRole('button', { name: tr('learning.learn.markComplete') }).click();
      await progress(1);
      await page.getByRole('button', { name: tr('learning.learn.next') }).click();
      await page.getByRole('button', { name: tr('learning.learn.markComplete') }).click();
      await progress(2);
      await page.getByRole('heading', { name: tr('learning.complete.title') }).waitFor(WAIT);
      await shot(visit, 'course-complete');

      await page.getByRole('link', { name: tr('learning.complete.viewCertificate') }).click();
      await page.waitForURL(/\/certificates\/[^/]+$/, WAIT);
      const sheet = page.getByRole('article', { name: tr('learning.certificate.title') });
      await sheet.locator('.certificate__name').getByText(names[lang], { exact: true }).waitFor(WAIT);
      await sheet.locator('.certificate__course').getByText(title, { exact: true }).waitFor(WAIT);
      await expectIsolated(sheet.locator('.certificate__name bdi'));
      await shot(visit, 'certificate');

      // Both ways to pay in both languages: the other way for a second course.
      await buy(seconds[lang], lang === 'en' ? 'mpesa' : 'card');
      await endVisit(visit);
    }, 90_000);
  });
});
