import { WrongExpectedVersionError } from '../event-store/errors';
import type { EventMetadataInput, EventStore, RecordedEvent } from '../event-store/event-store.port';
import { type Decider, type DomainEvent } from './decider';
import { keepState, loadStream } from './load-stream';

export interface CommandMetadata {
  actor: string | null;
  requestId?: string | null | undefined;
  correlationId?: string | undefined;
  causationId?: string | null | undefined;
  /**
   * When the command happened, for history written as if in the past (the demo seed spreads its
   * follows and messages over weeks). Only in-process code sets it: `requestMeta` and the socket
   * handlers never do, so no client can date an event. Absent: now.
   */
  occurredAt?: string | undefined;
}

export interface CommandResult<State> {
  state: State;
  events: RecordedEvent[];
  /** '' when the command decided nothing (no events appended). */
  checkpoint: string;
}

/** The metadata every event of a command carries (the audit history moderators replay). */
export function eventMetadata(metadata: CommandMetadata): EventMetadataInput {
  return {
    actor: metadata.actor,
    requestId: metadata.requestId ?? null,
    correlationId: metadata.correlationId,
    causationId: metadata.causationId ?? null,
    ...(metadata.occurredAt === undefined ? {} : { occurredAt: commandTime(metadata) }),
  };
}

/**
 * The command's time as ISO-8601: its `occurredAt`, else now. A backdated time must be a real
 * instant no later than now: an event from the future would sort before nothing and confuse every
 * "time ago" shown from it.
 */
export function commandTime(metadata: Pick<CommandMetadata, 'occurredAt'>): string {
  const now = Date.now();
  if (metadata.occurredAt === undefined) return new Date(now).toISOString();
  const at = Date.parse(metadata.occurredAt);
  if (!Number.isFinite(at) || at > now)
    throw new TypeError(`occurredAt must be a past instant: ${metadata.occurredAt}`);
  return new Date(at).toISOString();
}

export interface HandleOptions {
  /** Times a conflicting append is decided again (default 3). */
  retries?: number;
  /**
   * The stream's id was just made by the caller (a new post's, a new comment's): the command is
   * decided on the empty state and appended as the stream's first events without reading the
   * stream. Should it exist after all, the append fails and the stream is read as usual; a decision
   * of nothing, or a refusal, is also made again on the stream as read.
   */
  newStream?: boolean;
}

/**
 * Loads one stream, folds it (from its kept state when it is long: load-stream.ts), decides, and
 * appends with the version it read. Another writer in between makes the append fail with a
 * conflict: reload and decide again, a few times.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  metadata: CommandMetadata,
  options: HandleOptions = {},
): Promise<CommandResult<State>> {
  // A new stream's first attempt decides on the empty state, unread; it is not one of the retries.
  const guessed = options.newStream ? 1 : 0;
  const retries = (options.retries ?? 3) + guessed;
  for (let attempt = 0; ; attempt++) {
    const guess = attempt < guessed;
    const loaded = guess
      ? { state: decider.initialState(), version: 'no_stream' as const }
      : await loadStream(eventStore, streamId, decider as Decider<State, never, Event>);
    let decided: Event[];
    try {
      decided = decider.decide(loaded.state, command);
    } catch (err) {
      if (guess) continue;
      throw err;
    }
    if (decided.length === 0) {
      if (guess) continue;
      return { state: loaded.state, events: [], checkpoint: '' };
    }
    const meta = eventMetadata(metadata);
    try {
      const result = await eventStore.appendToStream(
        streamId,
        decided.map((e) => ({ type: e.type, data: e.data, metadata: meta })),
        loaded.version,
      );
      let state = loaded.state;
      for (const e of decided) state = decider.evolve(state, e);
      keepState(eventStore, streamId, decider, state, result.nextExpectedVersion);
      return { state, events: result.events, checkpoint: result.checkpoint };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && attempt < retries) continue;
      throw err;
    }
  }
}
