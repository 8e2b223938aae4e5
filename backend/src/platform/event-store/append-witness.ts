import { AsyncLocalStorage } from 'node:async_hooks';

import { WrongExpectedVersionError } from './errors';
import type { EventStore } from './event-store.port';

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

const current = new AsyncLocalStorage<AppendWitness>();

/** Runs fn with `witness` recording every append made through witnessAppends inside it. */
export function withAppendWitness<T>(witness: AppendWitness, fn: () => T): T {
  return current.run(witness, fn);
}

export const newAppendWitness = (): AppendWitness => ({ appended: 0, failed: false });

/** The event store, with its appends reported to the witness of the unit of work they run in. */
export function witnessAppends(eventStore: EventStore): EventStore {
  const witnessed =
    <A extends unknown[], R>(append: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const witness = current.getStore();
      try {
        const result = await append(...args);
        if (witness) witness.appended++;
        return result;
      } catch (err) {
        if (witness && !(err instanceof WrongExpectedVersionError)) witness.failed = true;
        throw err;
      }
    };
  const appendToStream = witnessed((...args: Parameters<EventStore['appendToStream']>) =>
    eventStore.appendToStream(...args),
  );
  const appendToStreams = witnessed((...args: Parameters<EventStore['appendToStreams']>) =>
    eventStore.appendToStreams(...args),
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
