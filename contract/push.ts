/** Web Push categories a member turns on or off (`GET/PUT /api/push/settings`). */
export interface PushSettingsView {
  messages: boolean;
  /** Mentions, and replies (comments) to the member's posts. */
  social: boolean;
  /** Course sales and purchases. */
  courses: boolean;
  donations: boolean;
}

/** `GET /api/push/key`: the server's VAPID public key, base64url (the browser's applicationServerKey). */
export interface PushKeyView {
  publicKey: string;
}

/** `POST /api/push/subscriptions`: the browser's PushSubscription JSON, plus the language it shows pushes in. */
export interface PushSubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
  language?: 'en' | 'ar';
}

/** `GET /api/push/subscriptions`: the member's devices. */
export interface PushDevicesView {
  subscriptions: { endpoint: string; language: 'en' | 'ar'; createdAt: string }[];
}

/**
 * What a Web Push carries (encrypted, aes128gcm), read by the service worker: `url` is the app path
 * a click opens, `tag` groups pushes of one conversation or subject on the device.
 */
export interface WebPushPayload {
  id: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}
