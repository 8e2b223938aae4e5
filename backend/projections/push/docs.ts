import type { PushLanguage, PushSettings } from '@modules/push/events';

export const PUSH_PROJECTOR = 'push';

/** One document per endpoint (`<sha256(endpoint)>`): whoever holds it now, so it has one member. */
export const PUSH_SUBSCRIPTIONS = 'push_subscriptions';

export interface PushSubscriptionDoc {
  id: string;
  [key: string]: unknown;
  userId: string;
  endpoint: string;
  language: PushLanguage;
  createdAt: string;
}

/** A member's categories (`<userId>`); absent means every category on. */
export const PUSH_SETTINGS = 'push_settings';

export interface PushSettingsDoc {
  id: string;
  [key: string]: unknown;
  settings: PushSettings;
}
