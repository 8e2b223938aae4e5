import { endpointKey } from '@modules/push/events';

import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { PUSH_SETTINGS, PUSH_SUBSCRIPTIONS, type PushSubscriptionDoc } from './docs';
import { pushProjector } from './push.projector';

const A = '0190d7c4-0000-7000-8000-00000000000a';
const B = '0190d7c4-0000-7000-8000-00000000000b';
const at = '2026-11-29T10:00:00.000Z';
const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';
const keys = { p256dh: 'p', auth: 'a' };
const subscribed = (userId: string) => ({
  type: 'PushSubscribed',
  data: { userId, endpoint, keys, language: 'en', at },
});
const unsubscribed = (userId: string, reason: string) => ({
  type: 'PushUnsubscribed',
  data: { userId, endpoint, reason, at },
});

describe('push projector', () => {
  it('keeps an endpoint with the member who holds it now, whatever the old holder’s removal says', async () => {
    await projectionSpec(pushProjector)
      .given(inStream(`push-${A}`, subscribed(A)))
      .given(inStream(`push-${B}`, subscribed(B)))
      .given(inStream(`push-${A}`, unsubscribed(A, 'moved')))
      .then(async ({ collection }) => {
        const doc = await collection<PushSubscriptionDoc>(PUSH_SUBSCRIPTIONS).get(endpointKey(endpoint));
        expect(doc).toMatchObject({ userId: B, endpoint, language: 'en' });
      });
  });

  it('forgets a removed device, the settings, and everything of a deleted account', async () => {
    await projectionSpec(pushProjector)
      .given(inStream(`push-${A}`, subscribed(A), unsubscribed(A, 'gone')))
      .thenNotFound(PUSH_SUBSCRIPTIONS, endpointKey(endpoint));
    const settings = { messages: false, social: true, courses: true, donations: true };
    await projectionSpec(pushProjector)
      .given(inStream(`push-${A}`, subscribed(A), { type: 'PushSettingsChanged', data: { userId: A, settings, at } }))
      .then(PUSH_SETTINGS, A, { settings });
    await projectionSpec(pushProjector)
      .given(inStream(`push-${A}`, subscribed(A), { type: 'PushSettingsChanged', data: { userId: A, settings, at } }))
      .given(inStream(`user-${A}`, { type: 'AccountDeleted', data: { deletedAt: at } }))
      .then(async ({ collection }) => {
        expect(await collection(PUSH_SUBSCRIPTIONS).get(endpointKey(endpoint))).toBeNull();
        expect(await collection(PUSH_SETTINGS).get(A)).toBeNull();
      });
  });
});
