import { type Decider, type DomainEvent, fold } from '../../../src/platform/decider/decider';
import type { EventStore } from '../../../src/platform/event-store/event-store.port';

/** The current state of one stream folded from the log (commands check facts here, never in a read model). */
export async function loadState<S, E extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<S, never, E>,
): Promise<S> {
  const events = await eventStore.readStream(streamId);
  return fold(
    decider,
    events.map((e) => ({ type: e.type, data: e.data }) as E),
  );
}
