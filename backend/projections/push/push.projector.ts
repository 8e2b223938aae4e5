import type { UserEvent } from '@modules/identity/events';
import { endpointKey, type PushEvent } from '@modules/push/events';

import { findAll } from '../../src/platform/read-store/core/find-all';
import { defineProjector, type EventsOf, type Projector } from '../runner';
import {
  PUSH_PROJECTOR,
  PUSH_SETTINGS,
  PUSH_SUBSCRIPTIONS,
  type PushSettingsDoc,
  type PushSubscriptionDoc,
} from './docs';

type Handled = PushEvent | EventsOf<UserEvent, 'AccountDeleted'>;

/**
 * Members' push devices and category settings, for the settings screen. Keyed by endpoint, so an
 * endpoint another member subscribed is theirs alone; a removal from the old holder's stream leaves
 * the new holder's document alone. Sending reads the member's own stream, not this.
 */
export const pushProjector: Projector = defineProjector<Handled>({
  name: PUSH_PROJECTOR,
  version: 1,
  collections: [{ name: PUSH_SUBSCRIPTIONS, indexes: [{ fields: ['userId'] }] }, { name: PUSH_SETTINGS }],
  on: {
    async PushSubscribed({ data: d }, ctx) {
      await ctx.collection<PushSubscriptionDoc>(PUSH_SUBSCRIPTIONS).upsert({
        id: endpointKey(d.endpoint),
        userId: d.userId,
        endpoint: d.endpoint,
        language: d.language,
        createdAt: d.at,
      });
    },
    async PushUnsubscribed({ data: d }, ctx) {
      const subscriptions = ctx.collection<PushSubscriptionDoc>(PUSH_SUBSCRIPTIONS);
      const id = endpointKey(d.endpoint);
      if ((await subscriptions.get(id))?.userId === d.userId) await subscriptions.delete(id);
    },
    async PushSettingsChanged({ data: d }, ctx) {
      await ctx.collection<PushSettingsDoc>(PUSH_SETTINGS).upsert({ id: d.userId, settings: d.settings });
    },
    async AccountDeleted(e, ctx) {
      const userId = e.streamId.slice('user-'.length);
      const subscriptions = ctx.collection<PushSubscriptionDoc>(PUSH_SUBSCRIPTIONS);
      await subscriptions.deleteMany((await findAll(subscriptions, { where: { userId } })).map((d) => d.id));
      await ctx.collection(PUSH_SETTINGS).delete(userId);
    },
  },
});
