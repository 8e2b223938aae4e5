import { useCallback, useEffect, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { useLazyPushKeyQuery, usePushDevicesQuery, useSubscribePushMutation, useUnsubscribePushMutation } from './api';

/**
 * - unsupported: no service worker or no Push API (an older browser, iOS outside the home screen);
 * - denied: the member blocked notifications for this site (only the browser can undo it);
 * - unavailable: the service worker never became ready (a development build registers none).
 */
export type PushSupport = 'checking' | 'unsupported' | 'denied' | 'unavailable' | 'ready';

/** How long to wait for the service worker before saying push is unavailable here. */
const READY_TIMEOUT_MS = 10_000;

export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key as the bytes `pushManager.subscribe` wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function serviceWorkerReady(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
}

/**
 * Push on this device: whether it is on (the browser holds a subscription the server knows), and
 * turning it on (permission, `pushManager.subscribe` with the server's key, then POST) or off
 * (DELETE, then the browser's unsubscribe).
 */
export function usePushSubscription() {
  const { i18n } = useTranslation();
  const [support, setSupport] = useState<PushSupport>(() => (pushSupported() ? 'checking' : 'unsupported'));
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const devices = usePushDevicesQuery(undefined, { skip: support === 'unsupported' });
  const [fetchKey] = useLazyPushKeyQuery();
  const [subscribe] = useSubscribePushMutation();
  const [unsubscribe] = useUnsubscribePushMutation();

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    void (async () => {
      if (Notification.permission === 'denied') return live && setSupport('denied');
      const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
      const current = await registration?.pushManager.getSubscription().catch(() => null);
      if (!live) return;
      setEndpoint(current?.endpoint ?? null);
      setSupport('ready');
    })();
    return () => {
      live = false;
    };
  }, []);

  const known = devices.data?.subscriptions.some((d) => d.endpoint === endpoint) ?? false;

  const enable = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        if (permission === 'denied') setSupport('denied');
        return;
      }
      const registration = await serviceWorkerReady();
      if (!registration) return setSupport('unavailable');
      const { publicKey } = await fetchKey().unwrap();
      const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
      const subscription = await registration.pushManager.subscribe(options).catch(async () => {
        // A subscription made with another key (the server's keys changed) must go first.
        await (await registration.pushManager.getSubscription())?.unsubscribe();
        return registration.pushManager.subscribe(options);
      });
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await subscribe({
        endpoint: json.endpoint,
        keys: json.keys,
        language: i18n.language.startsWith('ar') ? 'ar' : 'en',
      }).unwrap();
      setEndpoint(subscription.endpoint);
      await devices.refetch();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [devices, fetchKey, i18n.language, subscribe]);

  const disable = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        // 404: the server had already forgotten this device; the browser's side still goes.
        await unsubscribe({ endpoint: subscription.endpoint })
          .unwrap()
          .catch((error: { status?: number }) => {
            if (error.status !== 404) throw error;
          });
        await subscription.unsubscribe();
      }
      setEndpoint(null);
      await devices.refetch();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [devices, unsubscribe]);

  return { support, enabled: Boolean(endpoint) && known, busy, failed, enable, disable };
}
