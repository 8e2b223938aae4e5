import { handleCommand } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';
import { silentLogger } from '@platform/logging';
import { LogReactor } from '@platform/reactors/log-reactor';
import { MemoryReadStore } from '@platform/read-store/memory.read-store';

import { eventually } from '../../src/testing/eventually';
import { orderDecider } from './domain/order.decider';
import { orderStream } from './events';
import { OrderExpiry } from './order-expiry.reactor';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const MINUTE = 60_000;
const TTL = 30 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

async function placeOrder(store: EventStore, orderId: string, placedAt: number, paid = false) {
  const run = (command: Parameters<typeof orderDecider.decide>[1]) =>
    handleCommand(store, orderStream(orderId), orderDecider, command, { actor: null });
  await run({
    type: 'PlaceOrder',
    orderId,
    userId: 'u1',
    method: 'card',
    items: [
      { courseId: `c-${orderId}`, teacherId: 't1', title: 'Arabic', price: 100_000, published: true, owned: false },
    ],
    now: iso(placedAt),
  });
  await run({ type: 'RequestPayment', provider: 'stripe', reference: `pi_${orderId}`, now: iso(placedAt) });
  if (paid)
    await run({
      type: 'RecordPayment',
      provider: 'stripe',
      reference: `pi_${orderId}`,
      amount: 100_000,
      now: iso(placedAt + 1),
    });
}

describe('order expiry on the log, with a fake clock', () => {
  const types = async (store: EventStore, orderId: string) =>
    (await store.readStream(orderStream(orderId))).map((e) => e.type);

  function expiryOn(store: EventStore, readStore: MemoryReadStore, clock: { now: number }) {
    const stopping = new AbortController();
    const expiry = new OrderExpiry({
      eventStore: store,
      ttlMs: TTL,
      clock: () => new Date(clock.now),
      logger: silentLogger,
      signal: stopping.signal,
      checkEveryMs: 5,
    });
    const reactor = new LogReactor({
      name: 'order-expiry-test',
      handles: expiry.handles,
      handle: (e) => expiry.handle(e),
      eventStore: store,
      readStore,
      logger: silentLogger,
      leaseTtlMs: 300,
    });
    reactor.start();
    return {
      reactor,
      stop: async () => {
        const stopped = reactor.stop();
        stopping.abort();
        await stopped;
      },
    };
  }

  it('expires each pending order once it is due, in turn, and leaves paid ones alone', async () => {
    const store = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    const clock = { now: T0 };
    await placeOrder(store, 'o1', T0);
    await placeOrder(store, 'paid', T0 + MINUTE, true);
    await placeOrder(store, 'o2', T0 + 10 * MINUTE);
    const { stop } = expiryOn(store, readStore, clock);

    // Not due yet: nothing, however long the real time.
    clock.now = T0 + TTL - 1;
    await new Promise((r) => setTimeout(r, 100));
    expect(await types(store, 'o1')).not.toContain('OrderExpired');

    clock.now = T0 + TTL;
    await eventually(
      () => types(store, 'o1'),
      (t) => t.includes('OrderExpired'),
      'o1 expired',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(await types(store, 'o2')).not.toContain('OrderExpired');

    clock.now = T0 + 10 * MINUTE + TTL;
    await eventually(
      () => types(store, 'o2'),
      (t) => t.includes('OrderExpired'),
      'o2 expired',
    );
    expect(await types(store, 'paid')).not.toContain('OrderExpired');
    const [expired] = (await store.readStream(orderStream('o1'))).filter((e) => e.type === 'OrderExpired');
    expect(expired!.data).toEqual({ orderId: 'o1', userId: 'u1', placedAt: iso(T0), expiredAt: iso(T0 + TTL) });
    await stop();
    expect((await types(store, 'o1')).filter((t) => t === 'OrderExpired')).toHaveLength(1);
  });

  it('stops at once while waiting, and after a restart still expires the order it was waiting for', async () => {
    const store = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    const clock = { now: T0 };
    await placeOrder(store, 'o1', T0);
    const first = expiryOn(store, readStore, clock);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await first.stop();
    expect(Date.now() - started).toBeLessThan(1000);

    clock.now = T0 + TTL + MINUTE;
    const second = expiryOn(store, readStore, clock);
    await eventually(
      () => types(store, 'o1'),
      (t) => t.includes('OrderExpired'),
      'o1 expired after the restart',
    );
    await second.stop();
  });

  it('replayed from the start of the log, expires nothing twice', async () => {
    const store = new MemoryEventStore();
    const clock = { now: T0 + 2 * TTL };
    await placeOrder(store, 'o1', T0);
    for (let run = 0; run < 2; run++) {
      const { reactor, stop } = expiryOn(store, new MemoryReadStore(), clock);
      await eventually(
        async () => ({ at: reactor.checkpoint, head: await store.headCheckpoint() }),
        ({ at, head }) => at !== '' && at === head,
        'the reactor at the head of the log',
      );
      await stop();
    }
    expect((await types(store, 'o1')).filter((t) => t === 'OrderExpired')).toHaveLength(1);
  });
});
