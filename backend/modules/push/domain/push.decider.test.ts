import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { DEFAULT_PUSH_SETTINGS, type PushEvent, type PushSubscriptionData } from '../events';
import { endpointDecider, MAX_PUSH_DEVICES, pushDecider } from './push.decider';

const at = '2026-11-29T10:00:00.000Z';
const U = 'u1';
const device = (n: number, language: 'en' | 'ar' = 'en'): PushSubscriptionData => ({
  endpoint: `https://push.example/${n}`,
  keys: { p256dh: `p${n}`, auth: `a${n}` },
  language,
});
const subscribed = (n: number): PushEvent => ({ type: 'PushSubscribed', data: { ...device(n), userId: U, at } });
const spec = () => DeciderSpec.for(pushDecider);

describe('push decider', () => {
  it('given no devices, when a device subscribes, then it is recorded with every category on', () => {
    const { state } = spec()
      .given([])
      .when({ type: 'Subscribe', userId: U, subscription: device(1), at })
      .then([subscribed(1)]);
    expect(Object.keys(state.subscriptions)).toEqual([device(1).endpoint]);
    expect(state.settings).toEqual(DEFAULT_PUSH_SETTINGS);
  });

  it('given the same device, when it subscribes again unchanged, then nothing happens; new keys or language are recorded', () => {
    spec()
      .given([subscribed(1)])
      .when({ type: 'Subscribe', userId: U, subscription: device(1), at })
      .thenNothingHappened();
    spec()
      .given([subscribed(1)])
      .when({ type: 'Subscribe', userId: U, subscription: device(1, 'ar'), at })
      .then([{ type: 'PushSubscribed', data: { ...device(1, 'ar'), userId: U, at } }]);
  });

  it(`given ${MAX_PUSH_DEVICES} devices, when another subscribes, then the oldest gives way`, () => {
    const full = Array.from({ length: MAX_PUSH_DEVICES }, (_, i) => subscribed(i));
    const { state } = spec()
      .given(full)
      .when({ type: 'Subscribe', userId: U, subscription: device(99), at })
      .then([
        { type: 'PushUnsubscribed', data: { userId: U, endpoint: device(0).endpoint, reason: 'replaced', at } },
        subscribed(99),
      ]);
    expect(Object.keys(state.subscriptions)).toHaveLength(MAX_PUSH_DEVICES);
    expect(state.subscriptions[device(0).endpoint]).toBeUndefined();
  });

  it('given a device, when the member removes it, then it is gone; removing it again is refused with 404', () => {
    const { state } = spec()
      .given([subscribed(1)])
      .when({ type: 'Unsubscribe', userId: U, endpoint: device(1).endpoint, reason: 'member', at })
      .then([{ type: 'PushUnsubscribed', data: { userId: U, endpoint: device(1).endpoint, reason: 'member', at } }]);
    expect(state.subscriptions).toEqual({});
    spec()
      .given([subscribed(1)])
      .when({ type: 'Unsubscribe', userId: U, endpoint: device(2).endpoint, reason: 'member', at })
      .thenThrows({ code: 'PUSH_SUBSCRIPTION_NOT_FOUND', status: 404 });
  });

  it('given no such device, when the push service reports it gone, then nothing happens (a retried job)', () => {
    spec()
      .given([])
      .when({ type: 'Unsubscribe', userId: U, endpoint: device(1).endpoint, reason: 'gone', at })
      .thenNothingHappened();
  });

  it('given default settings, when a category is turned off, then it is recorded once', () => {
    const settings = { ...DEFAULT_PUSH_SETTINGS, courses: false };
    const { state } = spec()
      .given([])
      .when({ type: 'ChangeSettings', userId: U, changes: { courses: false }, at })
      .then([{ type: 'PushSettingsChanged', data: { userId: U, settings, at } }]);
    expect(state.settings.courses).toBe(false);
    spec()
      .given([{ type: 'PushSettingsChanged', data: { userId: U, settings, at } }])
      .when({ type: 'ChangeSettings', userId: U, changes: { courses: false, messages: true }, at })
      .thenNothingHappened();
  });
});

describe('endpoint decider', () => {
  it('given an endpoint held by one member, when another claims it, then it moves; the holder claiming again changes nothing', () => {
    DeciderSpec.for(endpointDecider)
      .given([{ type: 'PushEndpointClaimed', data: { userId: 'a', at } }])
      .when({ type: 'Claim', userId: 'b', at })
      .then([{ type: 'PushEndpointClaimed', data: { userId: 'b', at } }]);
    DeciderSpec.for(endpointDecider)
      .given([{ type: 'PushEndpointClaimed', data: { userId: 'a', at } }])
      .when({ type: 'Claim', userId: 'a', at })
      .thenNothingHappened();
  });
});
