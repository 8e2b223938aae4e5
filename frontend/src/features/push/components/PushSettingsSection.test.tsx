import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { type Call, installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';

import { keyBytes } from '../usePushSubscription';
import { PushSettingsSection } from './PushSettingsSection';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';
const KEYS = { p256dh: 'p256dh-of-the-device', auth: 'auth-secret' };

/** A browser with a service worker and the Push API, holding at most one subscription. */
function installPushBrowser(permission: NotificationPermission = 'default') {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: jest.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async () => (current = subscription)),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  Object.assign(window, {
    PushManager: function PushManager() {},
    Notification: { permission, requestPermission: jest.fn(async () => 'granted') },
  });
  return { pushManager, subscription };
}

function uninstallPushBrowser() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { PushManager?: unknown }).PushManager;
  delete (window as { Notification?: unknown }).Notification;
}

/** The server's side: the member's devices and categories, changed by the calls. */
function installPushServer() {
  const devices: { endpoint: string; language: string; createdAt: string }[] = [];
  const settings = { messages: true, social: true, courses: true, donations: true };
  const calls = installFetch((call: Call) => {
    const body = call.body as Record<string, unknown>;
    if (call.path === '/api/push/key') return { body: { publicKey: KEY } };
    if (call.path === '/api/push/settings' && call.method === 'GET') return { body: { settings } };
    if (call.path === '/api/push/settings' && call.method === 'PUT') {
      Object.assign(settings, body);
      return { body: { settings } };
    }
    if (call.path !== '/api/push/subscriptions') return undefined;
    if (call.method === 'GET') return { body: { subscriptions: devices } };
    if (call.method === 'POST') {
      devices.push({ endpoint: body.endpoint as string, language: body.language as string, createdAt: 'now' });
      return { status: 201, body: { subscribed: true } };
    }
    devices.splice(0, devices.length, ...devices.filter((d) => d.endpoint !== body.endpoint));
    return { body: { success: true } };
  });
  return { calls, settings };
}

const render = () => renderWithProviders(<PushSettingsSection />);

describe('Push notifications settings', () => {
  afterEach(uninstallPushBrowser);

  it('says so, with no switch, where the browser has no push', async () => {
    const { calls } = installPushServer();
    render();
    expect(await screen.findByRole('heading', { name: 'Push notifications' })).toBeInTheDocument();
    expect(screen.getByText(/This browser can't receive push notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/push'))).toEqual([]);
  });

  it('turns push on for this device with the server’s key, and off again', async () => {
    const browser = installPushBrowser();
    const { calls } = installPushServer();
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Push notifications are off for this device.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on for this device' }));
    expect(await screen.findByText('Push notifications are on for this device.')).toBeInTheDocument();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(KEY),
    });
    expect(keyBytes(KEY)).toHaveLength(65);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/push/subscriptions')?.body).toEqual({
      endpoint: ENDPOINT,
      keys: KEYS,
      language: 'en',
    });

    await user.click(screen.getByRole('button', { name: 'Turn off for this device' }));
    expect(await screen.findByText('Push notifications are off for this device.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('turns a category off for every device of the member', async () => {
    installPushBrowser();
    const { calls, settings } = installPushServer();
    const user = userEvent.setup();
    render();
    const messages = await screen.findByRole('checkbox', { name: 'Messages' });
    await waitFor(() => expect(messages).toBeEnabled());
    expect(messages).toBeChecked();
    await user.click(messages);
    await waitFor(() => expect(settings.messages).toBe(false));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ messages: false });
    expect(screen.getByRole('checkbox', { name: 'Messages' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mentions, replies, your posts and your communities' })).toBeChecked();
  });

  it('explains how to allow notifications when the site is blocked', async () => {
    installPushBrowser('denied');
    installPushServer();
    render();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on for this device' })).toBeNull();
  });
});
