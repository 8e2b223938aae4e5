import type { Decider, DomainEvent } from '@platform/decider/decider';
import { loadStream } from '@platform/decider/load-stream';
import type { EventStore } from '@platform/event-store/event-store.port';

/** The current state of one stream folded from the log (commands check facts here, never in a read model). */
export async function loadState<S, E extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<S, never, E>,
): Promise<S> {
  return (await loadStream(eventStore, streamId, decider)).state;
}
