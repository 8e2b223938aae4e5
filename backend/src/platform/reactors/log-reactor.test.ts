import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';
import { silentLogger } from '@platform/logging';
import { LogReactor, type LogReactorOptions, REACTOR_CHECKPOINTS } from '@platform/reactors/log-reactor';
import { MemoryReadStore } from '@platform/read-store/memory.read-store';

import { eventually } from '../../testing/eventually';

const NAME = 'log-reactor-test';

/** A read store that counts the reactor's checkpoint writes. */
function countingStore() {
  const store = new MemoryReadStore();
  let writes = 0;
  const collection = store.collection.bind(store);
  store.collection = ((name: string) => {
    const c = collection(name);
    if (name !== REACTOR_CHECKPOINTS) return c;
    return Object.assign(Object.create(c) as typeof c, {
      upsert: (doc: Parameters<typeof c.upsert>[0]) => (writes++, c.upsert(doc)),
    });
  }) as typeof store.collection;
  return { store, writes: () => writes };
}

function reactorOn(
  events: EventStore,
  readStore: MemoryReadStore,
  handled: RecordedEvent[],
  options: Partial<LogReactorOptions> = {},
) {
  return new LogReactor({
    name: NAME,
    handles: ['Wanted'],
    handle: async (e) => void handled.push(e),
    eventStore: events,
    readStore,
    logger: silentLogger,
    leaseTtlMs: 300,
    ...options,
  });
}

const append = (events: EventStore, type: string, i: number) =>
  events.appendToStream(`s-${type}-${i}`, [{ type, data: { i } }], 'no_stream');

/** Until the reactor has passed the head of the log. */
const atHead = (reactor: LogReactor, events: EventStore) =>
  eventually(
    async () => ({ at: reactor.checkpoint, head: await events.headCheckpoint() }),
    ({ at, head }) => at === head,
    'the reactor at the head of the log',
  );

const storedCheckpoint = async (readStore: MemoryReadStore) =>
  ((await readStore.collection(REACTOR_CHECKPOINTS).get(NAME))?.checkpoint as string | undefined) ?? '';

describe('LogReactor checkpoints', () => {
  it('stores a stretch it passes over once in a while and when it stops, not after every batch', async () => {
    const events = new MemoryEventStore();
    const { store, writes } = countingStore();
    const reactor = reactorOn(events, store, [], { passOverStoreMs: 60_000 });
    reactor.start();
    for (let i = 0; i < 40; i++) {
      await append(events, 'Unwanted', i);
      // Each append its own batch, as a live log at a steady rate gives them.
      await atHead(reactor, events);
    }
    expect(writes()).toBe(0);
    await reactor.stop();
    expect(writes()).toBe(1);
    expect(await storedCheckpoint(store)).toBe(await events.headCheckpoint());
  });

  it('passes over the events of a handled type it has no business with, as it does other types', async () => {
    const events = new MemoryEventStore();
    const { store, writes } = countingStore();
    const handled: RecordedEvent[] = [];
    const reactor = reactorOn(events, store, handled, {
      passOverStoreMs: 60_000,
      concerns: (e) => (e.data as { i: number }).i % 10 === 0,
    });
    reactor.start();
    for (let i = 1; i <= 20; i++) {
      await append(events, 'Wanted', i);
      await atHead(reactor, events);
    }
    expect(handled.map((e) => (e.data as { i: number }).i)).toEqual([10, 20]);
    // Stored after each of the two it handled, not after the eighteen it passed over.
    expect(writes()).toBe(2);
    await reactor.stop();
    expect(await storedCheckpoint(store)).toBe(await events.headCheckpoint());
  });

  it('stores a handled event at once, and a restart without a clean stop handles nothing twice', async () => {
    const events = new MemoryEventStore();
    const { store } = countingStore();
    const handled: RecordedEvent[] = [];
    const first = reactorOn(events, store, handled, { passOverStoreMs: 60_000 });
    first.start();
    await append(events, 'Unwanted', 0);
    await append(events, 'Wanted', 1);
    await append(events, 'Unwanted', 2);
    await atHead(first, events);
    // Stored with the handling, before any stop: a crash now does not handle it again.
    expect(await storedCheckpoint(store)).toBe(handled[0]!.checkpoint);

    // The process dies here: a new one starts from what was stored, passes over event 2 again and
    // handles only what came after.
    const survived = new MemoryReadStore();
    await survived.ensureCollection({ name: REACTOR_CHECKPOINTS });
    await survived.collection(REACTOR_CHECKPOINTS).upsert({ id: NAME, checkpoint: await storedCheckpoint(store) });
    await first.stop();
    await append(events, 'Wanted', 3);
    const afterCrash: RecordedEvent[] = [];
    const second = reactorOn(events, survived, afterCrash);
    second.start();
    await atHead(second, events);
    await second.stop();
    expect(handled.map((e) => (e.data as { i: number }).i)).toEqual([1]);
    expect(afterCrash.map((e) => (e.data as { i: number }).i)).toEqual([3]);
  });
});
