import type { Decider, DomainEvent } from '@platform/decider/decider';
import type { EventStore, ExpectedVersion } from '@platform/event-store/event-store.port';

/**
 * Streams at least this long keep their folded state between commands (a community's stream holds
 * an event per join, invitation, leave and setting: folding thousands per command made each join
 * slower than the last), at most KEPT_MAX of them per event store, the least recently used going first.
 */
export const KEPT_FROM_EVENTS = 64;
export const KEPT_MAX = 128;

/**
 * Under test every stream keeps its state, frozen: a decider or a caller that changed a kept state in
 * place fails loudly there (a TypeError in strict mode) instead of corrupting a later command here.
 */
const UNDER_TEST = process.env.NODE_ENV === 'test';
const keptFrom = UNDER_TEST ? 1 : KEPT_FROM_EVENTS;

const refuse = (kind: string) => () => {
  throw new TypeError(`Cannot change a kept ${kind}: a decider must return a new state`);
};

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  // Object.freeze leaves a Map's or Set's entries open: their changing methods refuse instead.
  if (value instanceof Map) {
    for (const [key, child] of value) {
      deepFreeze(key);
      deepFreeze(child);
    }
    Object.assign(value, { set: refuse('Map'), delete: refuse('Map'), clear: refuse('Map') });
  } else if (value instanceof Set) {
    for (const child of value) deepFreeze(child);
    Object.assign(value, { add: refuse('Set'), delete: refuse('Set'), clear: refuse('Set') });
  }
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

interface Kept {
  decider: object;
  /** The stream version the state includes. */
  version: number;
  state: unknown;
}

/**
 * Per event store (each test and process has its own). Streams are append-only and deciders return
 * new states without touching the old, so a kept state is a true prefix of the stream whichever
 * process appended since: a command reads only the events after it.
 */
const keptBy = new WeakMap<EventStore, Map<string, Kept>>();

function keptFor(eventStore: EventStore): Map<string, Kept> {
  let kept = keptBy.get(eventStore);
  if (!kept) keptBy.set(eventStore, (kept = new Map()));
  return kept;
}

/** Keeps `state` as the stream's at `version`, when the stream is long enough to be worth it. */
export function keepState(
  eventStore: EventStore,
  streamId: string,
  decider: object,
  state: unknown,
  version: ExpectedVersion,
): void {
  if (typeof version !== 'number' || version + 1 < keptFrom) return;
  if (UNDER_TEST) deepFreeze(state);
  const kept = keptFor(eventStore);
  kept.delete(streamId);
  kept.set(streamId, { decider, version, state });
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
}

/**
 * One stream's state folded from the log, and the version to append after (commands check facts
 * here, never in a read model). A long stream starts from its kept state and reads what came after.
 */
export async function loadStream<S, E extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<S, never, E>,
): Promise<{ state: S; version: ExpectedVersion }> {
  const hit = keptFor(eventStore).get(streamId);
  const from = hit?.decider === decider ? hit : null;
  const events = await eventStore.readStream(streamId, from ? { fromVersion: from.version + 1 } : undefined);
  let state = from ? (from.state as S) : decider.initialState();
  for (const e of events) state = decider.evolve(state, { type: e.type, data: e.data } as E);
  const version = events.at(-1)?.streamVersion ?? from?.version ?? 'no_stream';
  keepState(eventStore, streamId, decider, state, version);
  return { state, version };
}
