import { WrongExpectedVersionError } from './errors';
import type { EventStore, NewEvent, StreamAppend } from './event-store.port';

/**
 * What the appends of one unit of work (an HTTP request) did: the HTTP edge must not answer a
 * failure after events were appended as if nothing had been written (see ErrorFilter).
 */
export interface AppendWitness {
  /** Appends that succeeded. */
  appended: number;
  /** An append failed for another reason than a version conflict (which commands retry). */
  failed: boolean;
}

/**
 * The witnesses of the requests under way, by request id: every event a request's commands append
 * carries that id in its metadata (handle-command.ts eventMetadata). Not an AsyncLocalStorage: on
 * Node 20 its first run() turns on a promise hook for every promise the process makes from then on.
 * A client may send its own X-Request-Id, so an id can have two requests: each is told of the other's
 * appends, which changes only how a failure of its own is answered.
 */
const open = new Map<string, Set<AppendWitness>>();

export const newAppendWitness = (): AppendWitness => ({ appended: 0, failed: false });

/** Runs fn with `witness` told of every append (through witnessAppends) whose events carry `requestId`. */
export function withAppendWitness<T>(requestId: string, witness: AppendWitness, fn: () => T): T {
  let witnesses = open.get(requestId);
  if (!witnesses) open.set(requestId, (witnesses = new Set()));
  witnesses.add(witness);
  const close = () => {
    witnesses.delete(witness);
    if (witnesses.size === 0 && open.get(requestId) === witnesses) open.delete(requestId);
  };
  let result: T;
  try {
    result = fn();
  } catch (err) {
    close();
    throw err;
  }
  if (result instanceof Promise) return result.finally(close) as T;
  close();
  return result;
}

/** The witnesses of the requests whose ids the events carry (none outside a request). */
function witnessesOf(events: readonly NewEvent[]): AppendWitness[] {
  if (open.size === 0) return [];
  const found = new Set<AppendWitness>();
  for (const event of events) {
    const id = event.metadata?.requestId;
    if (id) for (const witness of open.get(id) ?? []) found.add(witness);
  }
  return [...found];
}

/** The event store, with its appends reported to the witness of the unit of work they run in. */
export function witnessAppends(eventStore: EventStore): EventStore {
  const witnessed =
    <A extends unknown[], R>(append: (...args: A) => Promise<R>, eventsOf: (...args: A) => readonly NewEvent[]) =>
    async (...args: A): Promise<R> => {
      const witnesses = witnessesOf(eventsOf(...args));
      try {
        const result = await append(...args);
        for (const witness of witnesses) witness.appended++;
        return result;
      } catch (err) {
        if (!(err instanceof WrongExpectedVersionError)) for (const witness of witnesses) witness.failed = true;
        throw err;
      }
    };
  const appendToStream = witnessed(
    (...args: Parameters<EventStore['appendToStream']>) => eventStore.appendToStream(...args),
    (_streamId, events) => events,
  );
  const appendToStreams = witnessed(
    (...args: Parameters<EventStore['appendToStreams']>) => eventStore.appendToStreams(...args),
    (appends: StreamAppend[]) => appends.flatMap((a) => a.events),
  );
  // A proxy, like timeAppends: the adapter's own type and every other method stay as they are.
  return new Proxy(eventStore, {
    get(target, property) {
      if (property === 'appendToStream') return appendToStream;
      if (property === 'appendToStreams') return appendToStreams;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
