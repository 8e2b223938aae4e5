import { type Decider, type DomainEvent, fold } from '@platform/decider/decider';
import type { EventStore, ExpectedVersion } from '@platform/event-store/event-store.port';

/**
 * One stream's state folded from the log, and the version to append after (commands check facts
 * here, never in a read model).
 */
export async function loadStream<S, E extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<S, never, E>,
): Promise<{ state: S; version: ExpectedVersion }> {
  const events = await eventStore.readStream(streamId);
  const state = fold(
    decider,
    events.map((e) => ({ type: e.type, data: e.data }) as E),
  );
  return { state, version: events.at(-1)?.streamVersion ?? 'no_stream' };
}
