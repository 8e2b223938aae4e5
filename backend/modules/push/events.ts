import { createHash } from 'node:crypto';

/** The push categories a member turns on or off (the notifications' tabs, plus donations). */
export const PUSH_CATEGORIES = ['messages', 'social', 'courses', 'donations'] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];
export type PushSettings = Record<PushCategory, boolean>;

/** Every category on: a member who turned push on for a device wants to hear. */
export const DEFAULT_PUSH_SETTINGS: PushSettings = { messages: true, social: true, courses: true, donations: true };

export const PUSH_LANGUAGES = ['en', 'ar'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

/** What a browser's PushSubscription holds (RFC 8291 keys, base64url), plus the language it shows. */
export interface PushSubscriptionData {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  language: PushLanguage;
}

/**
 * Why a device stopped receiving: the member turned it off, the push service said it is gone
 * (404/410), another member subscribed the same endpoint (one browser profile, another account), or
 * the member's oldest device gave way to a new one beyond the limit.
 */
export type PushUnsubscribeReason = 'member' | 'gone' | 'moved' | 'replaced';

/** A member's push stream (`push-<userId>`): their devices and their category settings. */
export type PushEvent =
  | { type: 'PushSubscribed'; data: PushSubscriptionData & { userId: string; at: string } }
  | { type: 'PushUnsubscribed'; data: { userId: string; endpoint: string; reason: PushUnsubscribeReason; at: string } }
  | { type: 'PushSettingsChanged'; data: { userId: string; settings: PushSettings; at: string } };

/**
 * An endpoint's claim stream (`push-endpoint-<sha256(endpoint)>`): which member holds it now, so a
 * second member subscribing it moves it instead of both receiving each other's news.
 */
export type PushEndpointEvent = { type: 'PushEndpointClaimed'; data: { userId: string; at: string } };

export const PUSH_EVENT_TYPES = ['PushSubscribed', 'PushUnsubscribed', 'PushSettingsChanged'] as const;

export const pushStream = (userId: string) => `push-${userId}`;
export const pushEndpointStream = (endpointKey: string) => `push-endpoint-${endpointKey}`;

/** An endpoint's key: the capability URL itself never names a stream or a document id. */
export const endpointKey = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');
