import type { ChangedResource, ResourcesChangedPush } from '@contract';
import type { RecordedEvent } from '@platform/event-store/event-store.port';
import { userRoom } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { Projector } from './projector';

/** Event type → what of its member's state the projector's read model changes with it. */
export type ChangedBy = Readonly<Partial<Record<string, readonly ChangedResource[]>>>;

/** The member an event is about: its `userId`, else the user stream it is on. */
function memberOf(event: RecordedEvent): string | null {
  const data = event.data as { userId?: unknown } | null;
  if (data && typeof data.userId === 'string') return data.userId;
  return event.streamId.startsWith('user-') ? event.streamId.slice('user-'.length) : null;
}

/**
 * The projector, telling the member of each event in `changedBy` which of their resources changed
 * (`resources_changed`), once the batch that changed them has committed: the web app fetches them
 * again, so a paid order empties the cart and an approval shows the Teach tab without a reload.
 */
export function pushingChanges(projector: Projector, outbox: PushOutbox | null, changedBy: ChangedBy): Projector {
  if (!outbox) return projector;
  return {
    ...projector,
    async handle(event, ctx) {
      await projector.handle(event, ctx);
      const resources = changedBy[event.type];
      const userId = resources ? memberOf(event) : null;
      if (!resources || !userId) return;
      const payload: ResourcesChangedPush = { id: event.id, resources: [...resources] };
      outbox.stage(projector.name, event, ctx, {
        id: `changed:${projector.name}:${event.id}`,
        rooms: [userRoom(userId)],
        event: 'resources_changed',
        payload,
      });
    },
  };
}
