import type { PaymentProviderPort, PaymentProviders, RefundRequest, RefundResult } from '@modules/payments';
import { handleCommand } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';
import { silentLogger } from '@platform/logging';
import { LogReactor, REACTOR_CHECKPOINTS } from '@platform/reactors/log-reactor';
import { MemoryReadStore } from '@platform/read-store/memory.read-store';

import { eventually } from '../../src/testing/eventually';
import { cartDecider } from './domain/cart.decider';
import { orderDecider } from './domain/order.decider';
import { cartStream, enrolmentStream, orderStream } from './events';
import { OrderFulfilment } from './order-fulfilment.reactor';

const NOW = '2026-11-25T10:00:00.000Z';

/** A provider that counts refunds (M-Pesa's answer: the money goes back by hand). */
function countingProviders() {
  const refunds: RefundRequest[] = [];
  const mpesa = {
    name: 'mpesa',
    refund: async (input: RefundRequest): Promise<RefundResult> => {
      refunds.push(input);
      return { status: 'manual_required', message: 'Send it back from the M-Pesa org portal' };
    },
  } as unknown as PaymentProviderPort;
  const providers = { byName: () => mpesa, forMethod: () => mpesa, sandbox: null, close: async () => {} };
  return { providers: providers as unknown as PaymentProviders, refunds };
}

async function paidOrder(store: EventStore, orderId: string, userId: string, references: string[], fromCart = true) {
  const run = (command: Parameters<typeof orderDecider.decide>[1]) =>
    handleCommand(store, orderStream(orderId), orderDecider, command, { actor: null });
  if (fromCart)
    await handleCommand(
      store,
      cartStream(userId),
      cartDecider,
      { type: 'AddToCart', userId, courseId: 'c1', course: { published: true, free: false, owned: false }, now: NOW },
      { actor: userId },
    );
  await run({
    type: 'PlaceOrder',
    orderId,
    userId,
    method: 'mpesa',
    items: [{ courseId: 'c1', teacherId: 't1', title: 'Arabic', price: 100_000, published: true, owned: false }],
    now: NOW,
  });
  for (const reference of references) await run({ type: 'RequestPayment', provider: 'mpesa', reference, now: NOW });
  // Delivered twice, then a second payment of the paid order.
  for (const reference of [references[0]!, ...references])
    await run({ type: 'RecordPayment', provider: 'mpesa', reference, amount: 100_000, now: NOW });
}

const caughtUp = (reactor: LogReactor, store: EventStore) =>
  eventually(
    async () => ({ at: reactor.checkpoint, head: await store.headCheckpoint() }),
    ({ at, head }) => at !== '' && at === head,
    'the reactor at the head of the log',
  );

describe('order fulfilment on the log', () => {
  const reactorOn = (store: EventStore, readStore: MemoryReadStore, providers: PaymentProviders) => {
    const fulfilment = new OrderFulfilment(store, providers, silentLogger, () => NOW);
    return new LogReactor({
      name: 'order-fulfilment-test',
      handles: fulfilment.handles,
      handle: (e) => fulfilment.handle(e),
      eventStore: store,
      readStore,
      logger: silentLogger,
      leaseTtlMs: 300,
    });
  };
  const types = async (store: EventStore, stream: string) => (await store.readStream(stream)).map((e) => e.type);

  it('enrols once, empties the cart once and refunds a second payment once, whatever is replayed', async () => {
    const store = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    const { providers, refunds } = countingProviders();
    await paidOrder(store, 'o1', 'u1', ['ws_1', 'ws_2']);

    const first = reactorOn(store, readStore, providers);
    first.start();
    await eventually(
      () => types(store, orderStream('o1')),
      (t) => t.includes('OrderRefundIssued'),
      'the flagged payment refunded',
    );
    await caughtUp(first, store);
    await first.stop();
    expect(await types(store, enrolmentStream('c1', 'u1'))).toEqual(['EnrolmentGranted']);
    expect(await types(store, cartStream('u1'))).toEqual(['CartItemAdded', 'CartEmptied']);
    expect(refunds.map((r) => r.reference)).toEqual(['ws_2']);

    // The process dies before storing its checkpoint: everything is handled again from the start.
    await readStore.collection(REACTOR_CHECKPOINTS).delete('order-fulfilment-test');
    const again = reactorOn(store, readStore, providers);
    again.start();
    await caughtUp(again, store);
    await again.stop();
    expect(await types(store, enrolmentStream('c1', 'u1'))).toEqual(['EnrolmentGranted']);
    expect(await types(store, cartStream('u1'))).toEqual(['CartItemAdded', 'CartEmptied']);
    expect(refunds).toHaveLength(1);
    expect((await types(store, orderStream('o1'))).filter((t) => t === 'OrderRefundIssued')).toHaveLength(1);
  });

  it('enrols after a restart what was paid while it was down, from its stored checkpoint', async () => {
    const store = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    const { providers } = countingProviders();
    await paidOrder(store, 'o1', 'u1', ['ws_1']);
    const before = reactorOn(store, readStore, providers);
    before.start();
    await eventually(
      () => types(store, enrolmentStream('c1', 'u1')),
      (t) => t.length === 1,
      'first order fulfilled',
    );
    await before.stop();
    const stored = await readStore.collection(REACTOR_CHECKPOINTS).get('order-fulfilment-test');
    expect(stored?.checkpoint).toBeTruthy();

    // Paid while no reactor runs (the process died right after the webhook).
    await paidOrder(store, 'o2', 'u2', ['ws_9']);
    expect(await types(store, enrolmentStream('c1', 'u2'))).toEqual([]);
    const after = reactorOn(store, readStore, providers);
    after.start();
    await eventually(
      () => types(store, enrolmentStream('c1', 'u2')),
      (t) => t.length === 1,
      'second order fulfilled after the restart',
    );
    await after.stop();
    expect(await types(store, enrolmentStream('c1', 'u1'))).toEqual(['EnrolmentGranted']);
  });

  it('revokes what a refunded order granted and records the manual M-Pesa refund', async () => {
    const store = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    const { providers, refunds } = countingProviders();
    await paidOrder(store, 'o1', 'u1', ['ws_1']);
    const reactor = reactorOn(store, readStore, providers);
    reactor.start();
    await eventually(
      () => types(store, enrolmentStream('c1', 'u1')),
      (t) => t.length === 1,
      'enrolled',
    );
    await handleCommand(
      store,
      orderStream('o1'),
      orderDecider,
      { type: 'RefundOrder', actorId: 'u1', now: NOW, progress: [], maxProgress: 0.3 },
      {
        actor: 'u1',
      },
    );
    await eventually(
      () => types(store, orderStream('o1')),
      (t) => t.includes('OrderRefundIssued'),
      'refund recorded',
    );
    await reactor.stop();
    expect(await types(store, enrolmentStream('c1', 'u1'))).toEqual(['EnrolmentGranted', 'EnrolmentRevoked']);
    expect(refunds.map((r) => r.reference)).toEqual(['ws_1']);
    const issued = (await store.readStream(orderStream('o1'))).at(-1);
    expect(issued?.data).toMatchObject({
      status: 'manual_required',
      message: 'Send it back from the M-Pesa org portal',
    });
  });

  it('gives back a second paid order of courses already bought by a first', async () => {
    const store = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    const { providers, refunds } = countingProviders();
    await paidOrder(store, 'o1', 'u1', ['ws_1']);
    await paidOrder(store, 'o2', 'u1', ['ws_2'], false);
    const reactor = reactorOn(store, readStore, providers);
    reactor.start();
    await eventually(
      () => types(store, orderStream('o2')),
      (t) => t.includes('OrderRefundIssued'),
      'the duplicate order refunded',
    );
    await caughtUp(reactor, store);
    await reactor.stop();
    expect(await types(store, orderStream('o1'))).not.toContain('OrderRefunded');
    expect(await types(store, enrolmentStream('c1', 'u1'))).toEqual(['EnrolmentGranted']);
    expect(refunds.map((r) => r.reference)).toEqual(['ws_2']);
  });
});
