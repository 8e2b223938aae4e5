import type { ChangedResource, ResourcesChangedPush } from '@contract';
import type { RecordedEvent } from '@platform/event-store/event-store.port';
import { userRoom } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { Projector } from './projector';

/**
 * Event type → what the projector's read model changes with it: of the event's member (a list), or
 * of a page everyone may have open, for the sockets watching it (`{ resources, room }`).
 */
export type ChangedBy = Readonly<
  Partial<Record<string, readonly ChangedResource[] | { resources: readonly ChangedResource[]; room: string }>>
>;

/** The member an event is about: its `userId`, else the user stream it is on. */
function memberOf(event: RecordedEvent): string | null {
  const data = event.data as { userId?: unknown } | null;
  if (data && typeof data.userId === 'string') return data.userId;
  return event.streamId.startsWith('user-') ? event.streamId.slice('user-'.length) : null;
}

const userRoomOf = (userId: string | null) => (userId ? userRoom(userId) : null);

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
      const changed = changedBy[event.type];
      if (!changed) return;
      const [resources, room] =
        'room' in changed ? [changed.resources, changed.room] : [changed, userRoomOf(memberOf(event))];
      if (!room) return;
      const payload: ResourcesChangedPush = { id: event.id, resources: [...resources] };
      outbox.stage(projector.name, event, ctx, {
        id: `changed:${projector.name}:${event.id}`,
        rooms: [room],
        event: 'resources_changed',
        payload,
      });
    },
  };
}
