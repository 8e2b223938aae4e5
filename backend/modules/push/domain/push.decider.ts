import { type Decider, DomainError } from '@platform/decider/decider';

import {
  DEFAULT_PUSH_SETTINGS,
  PUSH_CATEGORIES,
  type PushEndpointEvent,
  type PushEvent,
  type PushSettings,
  type PushSubscriptionData,
  type PushUnsubscribeReason,
} from '../events';

/** Devices per member: each notification is one request per device, so an account cannot fan out. */
export const MAX_PUSH_DEVICES = 10;

export type PushCommand =
  | { type: 'Subscribe'; userId: string; subscription: PushSubscriptionData; at: string }
  | { type: 'Unsubscribe'; userId: string; endpoint: string; reason: PushUnsubscribeReason; at: string }
  | {
      type: 'ChangeSettings';
      userId: string;
      changes: { [K in keyof PushSettings]?: boolean | undefined };
      at: string;
    };

export interface PushState {
  /** By endpoint, oldest first (insertion order), so the oldest device is the one that gives way. */
  subscriptions: Record<string, PushSubscriptionData & { at: string }>;
  settings: PushSettings;
}

export const NOT_SUBSCRIBED = 'This device is not subscribed to push notifications';

const sameSubscription = (a: PushSubscriptionData, b: PushSubscriptionData) =>
  a.keys.p256dh === b.keys.p256dh && a.keys.auth === b.keys.auth && a.language === b.language;

export const pushDecider: Decider<PushState, PushCommand, PushEvent> = {
  initialState: () => ({ subscriptions: {}, settings: { ...DEFAULT_PUSH_SETTINGS } }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'PushSubscribed': {
        const { endpoint, keys, language, at } = e.data;
        // Re-subscribing moves the device to the end: it is the newest again.
        const { [endpoint]: _old, ...rest } = s.subscriptions;
        return { ...s, subscriptions: { ...rest, [endpoint]: { endpoint, keys, language, at } } };
      }
      case 'PushUnsubscribed': {
        const { [e.data.endpoint]: _gone, ...rest } = s.subscriptions;
        return { ...s, subscriptions: rest };
      }
      case 'PushSettingsChanged':
        return { ...s, settings: { ...e.data.settings } };
    }
  },
  decide: (s, c) => {
    switch (c.type) {
      case 'Subscribe': {
        const held = s.subscriptions[c.subscription.endpoint];
        if (held && sameSubscription(held, c.subscription)) return [];
        const events: PushEvent[] = [];
        const others = Object.keys(s.subscriptions).filter((e) => e !== c.subscription.endpoint);
        for (const endpoint of others.slice(0, Math.max(0, others.length - (MAX_PUSH_DEVICES - 1))))
          events.push({ type: 'PushUnsubscribed', data: { userId: c.userId, endpoint, reason: 'replaced', at: c.at } });
        events.push({ type: 'PushSubscribed', data: { ...c.subscription, userId: c.userId, at: c.at } });
        return events;
      }
      case 'Unsubscribe':
        if (s.subscriptions[c.endpoint])
          return [
            { type: 'PushUnsubscribed', data: { userId: c.userId, endpoint: c.endpoint, reason: c.reason, at: c.at } },
          ];
        // The member asked about a device that is not theirs (or no longer): say so. The system's
        // own removals (gone, moved) find nothing left to do.
        if (c.reason === 'member') throw new DomainError('PUSH_SUBSCRIPTION_NOT_FOUND', NOT_SUBSCRIBED, 404);
        return [];
      case 'ChangeSettings': {
        // The categories named change; the others keep their value.
        const settings = { ...s.settings };
        for (const k of PUSH_CATEGORIES) if (typeof c.changes[k] === 'boolean') settings[k] = c.changes[k];
        if (PUSH_CATEGORIES.every((k) => settings[k] === s.settings[k])) return [];
        return [{ type: 'PushSettingsChanged', data: { userId: c.userId, settings, at: c.at } }];
      }
    }
  },
};

export interface EndpointState {
  owner: string | null;
}

export const endpointDecider: Decider<EndpointState, { type: 'Claim'; userId: string; at: string }, PushEndpointEvent> =
  {
    initialState: () => ({ owner: null }),
    evolve: (_s, e) => ({ owner: e.data.userId }),
    decide: (s, c) =>
      s.owner === c.userId ? [] : [{ type: 'PushEndpointClaimed', data: { userId: c.userId, at: c.at } }],
  };
