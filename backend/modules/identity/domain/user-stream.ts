import { fold } from '../../../src/platform/decider/decider';
import type { EventStore } from '../../../src/platform/event-store/event-store.port';
import { type ReservationEvent, type UserEvent, userStream } from '../events';
import { userDecider, type UserState } from './user.decider';

/** Current state and version of a user stream, straight from the log (never a read model). */
export async function loadUser(
  eventStore: EventStore,
  userId: string,
): Promise<{ state: UserState; version: number | 'no_stream' }> {
  const events = await eventStore.readStream(userStream(userId));
  const state = fold(
    userDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as UserEvent),
  );
  return { state, version: events.at(-1)?.streamVersion ?? 'no_stream' };
}

/** Who holds a reserved name now, and the stream version to append against. */
export async function readReservation(
  eventStore: EventStore,
  streamId: string,
): Promise<{ holder: string | null; version: number | 'no_stream' }> {
  const events = await eventStore.readStream(streamId);
  if (events.length === 0) return { holder: null, version: 'no_stream' };
  const last = events[events.length - 1] as unknown as {
    type: ReservationEvent['type'];
    data: { userId: string };
    streamVersion: number;
  };
  return { holder: last.type === 'NameReserved' ? last.data.userId : null, version: last.streamVersion };
}
