import { newId } from '../../ids';
import { WrongExpectedVersionError } from '../errors';
import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
  Subscription,
} from '../event-store.port';

/** The store, noting the checkpoint of every successful append. */
export function tracking(inner: EventStore, note: (checkpoint: string) => void): EventStore {
  const noted = <T extends AppendResult>(results: T[]): T[] => {
    for (const r of results) note(r.checkpoint);
    return results;
  };
  return {
    engine: inner.engine,
    atomicMultiStreamAppend: inner.atomicMultiStreamAppend,
    readStream: (streamId, o) => inner.readStream(streamId, o),
    appendToStream: async (streamId, events, expected) =>
      noted([await inner.appendToStream(streamId, events, expected)])[0]!,
    appendToStreams: async (appends) => noted(await inner.appendToStreams(appends)),
    readAll: (o) => inner.readAll(o),
    headCheckpoint: () => inner.headCheckpoint(),
    subscribe: (o) => inner.subscribe(o),
    close: () => inner.close(),
  };
}

/** Waits until the head has reached `checkpoint`: everything up to it is then readable. */
export async function settle(store: EventStore, checkpoint: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await store.headCheckpoint()) < checkpoint) {
    if (Date.now() > deadline) throw new Error(`The head did not reach ${checkpoint}`);
    await sleep(10);
  }
}

export function stream(kind: string): string {
  return `${kind}-${newId()}`;
}

export function ev(type: string): NewEvent {
  return { type, data: { type } };
}

export function sortedIds(events: RecordedEvent[]): string[] {
  return events.map((e) => e.id).sort();
}

export async function expectConflict(
  append: Promise<unknown>,
  streamId: string,
  expected: ExpectedVersion,
  actual: number,
): Promise<void> {
  const err = await append.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WrongExpectedVersionError);
  expect(err).toMatchObject({ streamId, expected, actual });
}

/**
 * What a subscriber may rely on: checkpoints strictly increasing as text, each id once, and each
 * stream's versions one after another from 0 (every stream the suite reads was created by it).
 */
export function expectLogOrder(events: RecordedEvent[]): void {
  const next = new Map<string, number>();
  const ids = new Set<string>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (i > 0 && !(events[i - 1]!.checkpoint < e!.checkpoint)) {
      throw new Error(`Checkpoint ${e!.checkpoint} does not follow ${events[i - 1]!.checkpoint}`);
    }
    if (ids.has(e!.id)) throw new Error(`Event ${e!.id} delivered twice`);
    ids.add(e!.id);
    const expected = next.get(e!.streamId) ?? e!.streamVersion;
    if (e!.streamVersion !== expected) {
      throw new Error(`Stream ${e!.streamId}: version ${e!.streamVersion} where ${expected} was due`);
    }
    next.set(e!.streamId, expected + 1);
  }
}

export function collect(store: EventStore, options: { after?: string; batchSize?: number } = {}) {
  const events: RecordedEvent[] = [];
  const batches: RecordedEvent[][] = [];
  const errors: unknown[] = [];
  const sub: Subscription = store.subscribe({
    ...options,
    handler: async (batch) => {
      batches.push(batch);
      events.push(...batch);
    },
    onError: (err) => errors.push(err),
  });
  const until = (cond: (got: RecordedEvent[]) => boolean) =>
    waitFor(() => {
      if (errors.length) throw errors[0];
      return cond(events);
    }, 'the subscription to deliver');
  return { events, batches, sub, until };
}

export async function waitFor(cond: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
