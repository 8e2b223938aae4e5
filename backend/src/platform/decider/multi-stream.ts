import type { EventStore, ExpectedVersion, NewEvent, StreamAppend } from '../event-store/event-store.port';
import type { Decider, DomainEvent } from './decider';
import { type CommandMetadata, eventMetadata } from './handle-command';

/** What one stream of a multi-stream command appends, decided by the caller. */
export interface StreamDecision {
  streamId: string;
  events: DomainEvent[];
  expectedVersion: ExpectedVersion;
  /**
   * Appended to this stream if a later stream of the same command fails, on an engine that cannot
   * append to several streams in one transaction (a reservation's release, say).
   */
  compensation?: DomainEvent[];
}

/** Runs several commands against one stream's state, each seeing what the previous decided. */
export function decideAll<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  state: State,
  commands: readonly Command[],
): { state: State; events: Event[] } {
  const events: Event[] = [];
  for (const command of commands) {
    for (const e of decider.decide(state, command)) {
      events.push(e);
      state = decider.evolve(state, e);
    }
  }
  return { state, events };
}

/**
 * Appends the decisions with the command's metadata: in one transaction where the engine allows;
 * elsewhere in order, and when a stream fails, the compensations of the streams already written
 * (ARCHITECTURE.md: a compensating release on EventStoreDB). The first error is what the caller gets.
 */
export async function appendDecisions(
  eventStore: EventStore,
  decisions: readonly StreamDecision[],
  metadata: CommandMetadata,
) {
  const meta = eventMetadata(metadata);
  const withMeta = (events: DomainEvent[]): NewEvent[] =>
    events.map((e) => ({ type: e.type, data: e.data, metadata: meta }));
  const appends: StreamAppend[] = decisions.map((d) => ({
    streamId: d.streamId,
    events: withMeta(d.events),
    expectedVersion: d.expectedVersion,
  }));
  if (eventStore.atomicMultiStreamAppend) return eventStore.appendToStreams(appends);
  const results = [];
  try {
    for (const a of appends) results.push(await eventStore.appendToStream(a.streamId, a.events, a.expectedVersion));
    return results;
  } catch (err) {
    for (const [i, written] of results.entries()) {
      const compensation = decisions[i]?.compensation;
      if (!compensation?.length) continue;
      await eventStore
        .appendToStream(written.streamId, withMeta(compensation), written.nextExpectedVersion)
        .catch(() => undefined);
    }
    throw err;
  }
}
