import type { Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import { IdentityService } from '../../backend/modules/identity';
import { NO_SERVICE_WORKER, type ServedApp, signInThroughForm, startServedApp, watchForFailures } from './served-app';

/**
 * Issue 17's "Must show" in the browser: while donations are paused a guest asks to be told when
 * they open (the address is checked first); an admin opens donations and registers an orphan on the
 * /support screen; a member gives to that orphan with a sandbox card (paid through the signed
 * sandbox webhook) and sees the total, the orphan's raised sum and the public ledger move. Only the
 * admin's role is given by a service call, as an operator would with the promote command.
 */

const WAIT = { timeout: 20_000 };

describe('orphan support: notify-me while paused, then a sandbox card donation (Chromium)', () => {
  let app: ServedApp;
  let admin: Member;
  let donor: Member;
  const contexts: BrowserContext[] = [];
  const failures: Array<ReturnType<typeof watchForFailures>> = [];

  async function openPage(): Promise<Page> {
    const context = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      ...NO_SERVICE_WORKER,
    });
    contexts.push(context);
    const page = await context.newPage();
    failures.push(watchForFailures(page));
    page.setDefaultTimeout(20_000);
    return page;
  }

  async function signIn(member: Member): Promise<Page> {
    const page = await openPage();
    await signInThroughForm(page, app.base, member);
    return page;
  }

  beforeAll(async () => {
    app = await startServedApp();
    admin = await registerVerifiedMember(app.runtime);
    await app.runtime.http!.get(IdentityService).changeRole(admin.id, 'admin', {
      actor: 'e2e-operator',
      requestId: 'e2e',
    });
    donor = await registerVerifiedMember(app.runtime);
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await app?.close();
  });

  it('a guest asks to be notified: the address is checked, then the success toast', async () => {
    const page = await openPage();
    await page.goto(app.base + '/auth');
    await page.getByRole('button', { name: 'Browse as guest' }).click();
    await page.waitForURL(/\/home$/, WAIT);
    await page.goto(app.base + '/support');
    await page.getByText('Donations are paused for now.', { exact: false }).first().waitFor(WAIT);
    await page.getByRole('button', { name: 'Donate Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get notified when donations open' });
    await dialog.getByRole('button', { name: 'Notify Me' }).click();
    await dialog.getByText('Please enter your email address').waitFor(WAIT);
    await dialog.getByLabel('Email address').fill('guest-e2e@example');
    await dialog.getByRole('button', { name: 'Notify Me' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor(WAIT);
    await dialog.getByLabel('Email address').fill('guest-e2e@example.com');
    await dialog.getByRole('button', { name: 'Notify Me' }).click();
    await page.getByText("We'll email you as soon as donations open.").waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });
  }, 60_000);

  it('an admin opens donations and registers an orphan', async () => {
    const page = await signIn(admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(app.base + '/support');
    const panel = page.getByRole('region', { name: 'Admin' });
    await panel.getByRole('button', { name: 'Open donations' }).click();
    await page.getByText('Donations are open. Subscribers are being emailed.').waitFor(WAIT);
    await panel.getByRole('button', { name: 'Pause donations' }).waitFor(WAIT);

    await panel.getByText('Add an orphan').click();
    const form = panel.getByRole('form', { name: 'Add an orphan' });
    await form.getByLabel('Unique id (shown as ORP-KE-…)').fill('E2E1');
    await form.getByLabel('Location').fill('Lamu');
    await form.getByLabel('Goal (KSh)').fill('40000');
    await form.getByLabel('Story').fill('Lives with her grandmother; school fees are the need (e2e).');
    await form.getByRole('button', { name: 'Add orphan' }).click();
    await page.getByText('ORP-KE-E2E1 added.').waitFor(WAIT);
    await page.getByRole('listitem', { name: 'ORP-KE-E2E1' }).waitFor(WAIT);
  }, 60_000);

  it('a member gives KSh 2,500 to the orphan by sandbox card and sees the total, the orphan and the ledger move', async () => {
    const page = await signIn(donor);
    await page.goto(app.base + '/support');
    const orphan = page.getByRole('listitem', { name: 'ORP-KE-E2E1' });
    await orphan.getByText(/KSh\s*0 raised of KSh\s*40,000/).waitFor(WAIT);
    await page.getByRole('button', { name: 'Donate Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Donate Now' });
    await dialog.getByRole('radio', { name: /KSh\s*1,000/ }).waitFor({ state: 'attached', ...WAIT });
    expect(await dialog.getByRole('radio', { name: /KSh\s*1,000/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Custom amount (KSh)').fill('2500');
    await dialog.getByLabel('Give to').selectOption({ label: 'ORP-KE-E2E1 · Lamu' });
    await dialog.getByRole('radio', { name: 'Card' }).check();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: /^Donate KSh\s*2,500$/ }).click();
    // The sandbox pays after a few seconds through the signed webhook; the dialog polls the donation.
    await page.getByText('Donation Successful').waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'detached', ...WAIT });

    await page
      .getByTestId('total-counter')
      .filter({ hasText: /^KSh\s*2,500$/ })
      .waitFor(WAIT);
    await orphan.getByText(/KSh\s*2,500 raised of KSh\s*40,000/).waitFor(WAIT);
    const ledger = page.getByRole('list', { name: 'Public ledger' });
    await ledger.getByText(donor.displayName).waitFor(WAIT);
    await ledger.getByText(/\+KSh\s*2,500/).waitFor(WAIT);

    for (const f of failures) {
      expect(f.pageErrors).toEqual([]);
      expect(f.serverErrors).toEqual([]);
    }
  }, 90_000);
});
