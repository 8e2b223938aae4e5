import type { Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import { TeachersService } from '../../backend/modules/learning';
import { NO_SERVICE_WORKER, type ServedApp, signInThroughForm, startServedApp, watchForFailures } from './served-app';

/**
 * Issue 16's "Must show": a student browses the catalogue, filters it, adds a course to the cart,
 * checks out in the payment sandbox (which calls back through the real webhook path) and opens the
 * first lesson — through the real screens. The teacher applies and publishes over the HTTP API; only
 * the moderator's approval is taken as a service call, since no moderator signs in here.
 */

const WAIT = { timeout: 20_000 };

function lesson(title: string, text: string, freePreview = false) {
  return { title, durationSec: 600, freePreview, content: { kind: 'text', text } };
}

const COURSES = [
  {
    title: 'Fiqh of Fasting (e2e)',
    description: 'The rulings of Ramadan fasting, step by step.',
    category: 'Fiqh',
    level: 'beginner',
    price: '1500',
    whatYouWillLearn: ['Who must fast and who is excused'],
    sections: [
      {
        title: 'The obligation',
        lessons: [
          lesson('Who must fast', 'Fasting Ramadan is obliged on every adult, sane Muslim who is able.'),
          lesson('Making up missed days', 'Days missed for travel or illness are made up later.'),
        ],
      },
    ],
  },
  {
    title: 'Tajweed Foundations (e2e)',
    description: 'Reciting the Quran with its rules of articulation.',
    category: 'Quran',
    level: 'beginner',
    price: '2500',
    whatYouWillLearn: ['The points of articulation'],
    sections: [
      { title: 'Makharij', lessons: [lesson('The throat letters', 'Six letters come from the throat.', true)] },
    ],
  },
  {
    title: 'Daily Duas (e2e)',
    description: 'The supplications of the morning and the evening.',
    category: 'Family',
    level: 'beginner',
    price: '0',
    whatYouWillLearn: ['The morning adhkar'],
    sections: [{ title: 'Morning', lessons: [lesson('On waking', 'Praise be to Allah who gave us life.')] }],
  },
];

describe('browse, filter, buy in the sandbox and open the first lesson (Chromium)', () => {
  let app: ServedApp;
  let context: BrowserContext;
  let page: Page;
  let failures: ReturnType<typeof watchForFailures>;
  let student: Member;

  beforeAll(async () => {
    app = await startServedApp();
    const teacher = await registerVerifiedMember(app.runtime);
    const apply = await teacher.agent
      .post('/api/vendor/register')
      .set('X-CSRF-Token', teacher.token)
      .send({ bio: 'Teaches fiqh and tajweed.', topics: ['Fiqh', 'Quran'], priceRange: '$0 - $25' });
    expect(apply.status).toBe(201);
    await app.runtime.http!.get(TeachersService).approve({ id: 'e2e-moderator', role: 'admin' }, teacher.id, {
      actor: 'e2e-moderator',
      requestId: 'e2e',
    });
    for (const course of COURSES) {
      const created = await teacher.agent.post('/api/courses').set('X-CSRF-Token', teacher.token).send(course);
      expect(created.status).toBe(201);
      const published = await teacher.agent
        .post(`/api/courses/${created.body.id}/publish`)
        .set('X-CSRF-Token', teacher.token);
      expect(published.status).toBe(200);
    }

    student = await registerVerifiedMember(app.runtime);
    context = await app.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      ...NO_SERVICE_WORKER,
    });
    page = await context.newPage();
    failures = watchForFailures(page);
    page.setDefaultTimeout(20_000);
    await signInThroughForm(page, app.base, student);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
  });

  const card = (title: string) => page.getByRole('article', { name: title });

  it('lists the published courses with the catalogue figures', async () => {
    await page.goto(app.base + '/learning');
    await page.getByRole('heading', { name: 'Learn', level: 1 }).waitFor(WAIT);
    for (const c of COURSES) await card(c.title).waitFor(WAIT);
    const stats = page.getByLabel('Catalogue in numbers');
    await stats.getByText('Free courses').waitFor(WAIT);
    // Three courses, one instructor, one free: the figures come from the read model, not the page.
    const figures = await stats.innerText();
    expect(figures).toMatch(/Courses\s*3\s/);
    expect(figures).toMatch(/Instructors\s*1\s/);
    expect(figures).toMatch(/Free courses\s*1$/);
  }, 60_000);

  it('filters by price on a phone as on a desktop, without scrolling sideways', async () => {
    // The earlier app said 'coming soon' here on a phone; the range is the desktop one, on a row of its own.
    const phone = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    try {
      const small = await phone.newPage();
      small.setDefaultTimeout(20_000);
      const failed = watchForFailures(small);
      await signInThroughForm(small, app.base, student);
      await small.goto(app.base + '/learning');
      const onPhone = (title: string) => small.getByRole('article', { name: title });
      for (const c of COURSES) await onPhone(c.title).waitFor(WAIT);
      await small.getByRole('spinbutton', { name: 'Maximum price (KSh)' }).fill('2000');
      await onPhone('Tajweed Foundations (e2e)').waitFor({ state: 'detached', ...WAIT });
      await onPhone('Fiqh of Fasting (e2e)').waitFor(WAIT);
      await onPhone('Daily Duas (e2e)').waitFor(WAIT);
      await small.getByRole('spinbutton', { name: 'Minimum price (KSh)' }).fill('1000');
      await onPhone('Daily Duas (e2e)').waitFor({ state: 'detached', ...WAIT });
      await onPhone('Fiqh of Fasting (e2e)').waitFor(WAIT);
      await expect(small.getByText(/coming soon/i).count()).resolves.toBe(0);
      await expect(small.evaluate('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(390);
      expect(failed.pageErrors).toEqual([]);
      expect(failed.serverErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  }, 90_000);

  it('filters by category in the address, and back/forward re-read it', async () => {
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Fiqh');
    await page.waitForURL(/\/learning\?category=Fiqh$/, WAIT);
    await card('Tajweed Foundations (e2e)').waitFor({ state: 'detached', ...WAIT });
    await card('Fiqh of Fasting (e2e)').waitFor(WAIT);

    // The filter replaced the address in place; another address is a new entry, and going back to
    // the first one shows its filter again without a reload.
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Quran');
    await page.waitForURL(/category=Quran$/, WAIT);
    await page.evaluate(
      "history.pushState(null, '', '/learning?category=Family'); dispatchEvent(new PopStateEvent('popstate'))",
    );
    await card('Daily Duas (e2e)').waitFor(WAIT);
    await card('Tajweed Foundations (e2e)').waitFor({ state: 'detached', ...WAIT });
    await page.goBack();
    await page.waitForURL(/category=Quran$/, WAIT);
    await card('Tajweed Foundations (e2e)').waitFor(WAIT);
    await expect(page.getByRole('combobox', { name: 'Category' }).inputValue()).resolves.toBe('Quran');
    await page.goForward();
    await page.waitForURL(/category=Family$/, WAIT);
    await card('Daily Duas (e2e)').waitFor(WAIT);

    await page.getByRole('combobox', { name: 'Category' }).selectOption('Fiqh');
    await page.waitForURL(/category=Fiqh$/, WAIT);
    await card('Fiqh of Fasting (e2e)').waitFor(WAIT);
  }, 60_000);

  it('adds the course to the cart and checks out by card in the sandbox', async () => {
    await card('Fiqh of Fasting (e2e)').getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Fiqh of Fasting (e2e) has been added to your cart').waitFor(WAIT);
    await card('Fiqh of Fasting (e2e)').getByRole('button', { name: 'Remove from Cart' }).waitFor(WAIT);

    await page.goto(app.base + '/cart');
    await page.getByRole('link', { name: 'Fiqh of Fasting (e2e)' }).first().waitFor(WAIT);
    await page
      .getByText(/KSh\s*1,500/)
      .first()
      .waitFor(WAIT);
    await page
      .getByRole('link', { name: 'Checkout' })
      .or(page.getByRole('button', { name: 'Checkout' }))
      .click();
    await page.waitForURL(/\/checkout/, WAIT);

    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay KSh\s*1,500/ }).click();
    // The sandbox pays after a few seconds through the signed webhook; the screen polls the order.
    await page.getByText('Payment complete').waitFor({ timeout: 30_000 });
  }, 90_000);

  it('opens the first lesson of the bought course and records its completion', async () => {
    await page.getByRole('link', { name: 'Start learning Fiqh of Fasting (e2e)' }).click();
    await page.waitForURL(/\/course\/[^/]+\/learn/, WAIT);
    await page.getByText('Fasting Ramadan is obliged on every adult, sane Muslim who is able.').waitFor(WAIT);
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await page.getByText('1 of 2 lessons complete').waitFor(WAIT);

    // The cart was emptied by the purchase, and the course page now says the student owns it.
    await page.goto(app.base + '/cart');
    await page.getByText('Your cart is empty').waitFor(WAIT);
    await page.goto(app.base + '/learning');
    await card('Fiqh of Fasting (e2e)').getByRole('link', { name: 'Fiqh of Fasting (e2e)' }).click();
    await page.getByText('You own this course').first().waitFor(WAIT);
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  }, 60_000);
});
