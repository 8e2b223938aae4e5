import { eventually } from '@testing/eventually';
import type { Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import { FakePushService } from '../../backend/modules/push/testing/fake-push-service';
import { type ServedApp, serviceWorkerActive, signInThroughForm, startServedApp, watchForFailures } from './served-app';

/**
 * Issue 37, Web Push in Chromium: a member turns push on in account settings, a message reaches
 * their device through a push service of ours on 127.0.0.1 (which checks the VAPID JWT and decrypts
 * the aes128gcm body), the app's service worker shows it, and a click opens the conversation.
 *
 * Chromium's own pushManager.subscribe asks Google's push service (FCM), outside this machine: the
 * page's PushManager is replaced by one returning a subscription of our push service, and the
 * decrypted message is handed to the service worker as the browser would (DevTools'
 * ServiceWorker.deliverPushMessage). Everything between the two is the real app.
 */

const WAIT = { timeout: 20_000 };

/** The page's PushManager, answering with our push service's subscription. */
const fakePushManager = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => `(() => {
  let current = null;
  const make = () => ({
    endpoint: ${JSON.stringify(subscription.endpoint)},
    expirationTime: null,
    options: { userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => (${JSON.stringify({ ...subscription, expirationTime: null })}),
    unsubscribe: () => { current = null; return Promise.resolve(true); },
  });
  PushManager.prototype.subscribe = function () { current = make(); return Promise.resolve(current); };
  PushManager.prototype.getSubscription = function () { return Promise.resolve(current); };
})()`;

describe('Web Push (Chromium)', () => {
  let service: FakePushService;
  let app: ServedApp;
  let context: BrowserContext;
  let page: Page;
  let member: Member;
  let friend: Member;

  beforeAll(async () => {
    service = await new FakePushService().start();
    // The full browser: the headless shell the other suites share has no push messaging.
    app = await startServedApp({ env: { PUSH_ENDPOINT_ORIGINS: 'http://127.0.0.1:*' }, fullBrowser: true });
    [member, friend] = [await registerVerifiedMember(app.runtime), await registerVerifiedMember(app.runtime)];
    context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await context.grantPermissions(['notifications'], { origin: app.base });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
    await service?.close();
  });

  it('subscribes, receives a message as a notification, and a click opens the conversation', async () => {
    const failures = watchForFailures(page);
    const device = service.subscribe();
    await context.addInitScript(fakePushManager(device));
    await signInThroughForm(page, app.base, member);
    await serviceWorkerActive(page);

    await page.goto(`${app.base}/account-settings`);
    const section = page.getByRole('region', { name: 'Push notifications' });
    await section.getByRole('button', { name: 'Turn on for this device' }).click();
    await section.getByText('Push notifications are on for this device.').waitFor(WAIT);

    // A friend writes: the server encrypts a push for the device and signs it with its VAPID key.
    const text = `Salaam, are you coming to the halaqa? ${Date.now().toString(36)}`;
    const sent = await friend.agent
      .post('/api/messages')
      .set('X-CSRF-Token', friend.token)
      .send({ receiverId: member.id, content: text });
    expect(sent.status).toBe(201);
    const [push] = await eventually(
      async () => service.received.filter((r) => r.device === device.device),
      (received) => received.length > 0,
      'the push at our push service',
    );
    const message = JSON.parse(push!.plaintext) as { title: string; body: string; url: string };
    expect(message).toEqual(
      expect.objectContaining({
        body: expect.stringContaining('halaqa'),
        url: expect.stringMatching(/^\/messages\?conversation=/),
      }),
    );

    // The browser hands the decrypted push to the service worker, which shows it.
    await page.goto(`${app.base}/home`);
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${app.base}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.base,
      registrationId: await registration,
      data: push!.plaintext,
    });
    const shown = await eventually(
      () =>
        page.evaluate(
          'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((ns) => ns.map((n) => ({ title: n.title, body: n.body, url: n.data.url })))',
        ) as Promise<{ title: string; body: string; url: string }[]>,
      (list) => list.length > 0,
      'the notification shown',
    );
    expect(shown).toEqual([{ title: message.title, body: message.body, url: message.url }]);

    // A click on it opens the conversation in the open window.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(
      `self.registration.getNotifications().then(([n]) => { self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n })); })`,
    );
    await page.waitForURL(`${app.base}${message.url}`, WAIT);
    await page.getByText(text).first().waitFor(WAIT);
    expect(failures.pageErrors).toEqual([]);
  }, 90_000);
});
