import { WrongExpectedVersionError } from '../event-store/errors';
import type { EventStore } from '../event-store/event-store.port';
import { MemoryEventStore } from '../event-store/memory.event-store';
import type { Decider } from './decider';
import { appendDecisions, decideAll, type StreamDecision } from './multi-stream';

type CounterEvent = { type: 'Added'; data: { n: number } };
const counter: Decider<number, { add: number }, CounterEvent> = {
  initialState: () => 0,
  evolve: (s, e) => s + e.data.n,
  // Refuses to go past 10, so a later command sees what an earlier one decided.
  decide: (s, c) => (s + c.add > 10 ? [] : [{ type: 'Added', data: { n: c.add } }]),
};

/** The memory store, as an engine that cannot append to several streams in one transaction. */
function nonAtomic(): EventStore {
  const store = new MemoryEventStore();
  return Object.assign(Object.create(store) as EventStore, { atomicMultiStreamAppend: false });
}

const reserve = (streamId: string): StreamDecision => ({
  streamId,
  events: [{ type: 'NameReserved', data: { userId: 'u1' } }],
  expectedVersion: 'no_stream',
  compensation: [{ type: 'NameReleased', data: { userId: 'u1' } }],
});

describe('decideAll', () => {
  it('decides each command on the state the previous ones left', () => {
    expect(decideAll(counter, 0, [{ add: 6 }, { add: 6 }, { add: 4 }])).toEqual({
      state: 10,
      events: [
        { type: 'Added', data: { n: 6 } },
        { type: 'Added', data: { n: 4 } },
      ],
    });
  });
});

describe('appendDecisions', () => {
  it('writes every stream with the command metadata', async () => {
    const store = nonAtomic();
    await appendDecisions(
      store,
      [
        reserve('username-amina'),
        { streamId: 'user-u1', events: [{ type: 'UserRegistered', data: {} }], expectedVersion: 'no_stream' },
      ],
      { actor: 'u1', requestId: 'r1' },
    );
    const [reserved] = await store.readStream('username-amina');
    expect(reserved!.type).toBe('NameReserved');
    expect(reserved!.metadata).toMatchObject({ actor: 'u1', requestId: 'r1' });
    expect(await store.readStream('user-u1')).toHaveLength(1);
  });

  it('without one transaction, compensates the streams already written when a later one fails', async () => {
    const store = nonAtomic();
    await store.appendToStream('user-u1', [{ type: 'UserRegistered', data: {} }]);
    const failing = appendDecisions(
      store,
      [
        reserve('username-amina'),
        reserve('email-x'),
        { streamId: 'user-u1', events: [{ type: 'UserRegistered', data: {} }], expectedVersion: 'no_stream' },
      ],
      { actor: 'u1' },
    );
    await expect(failing).rejects.toBeInstanceOf(WrongExpectedVersionError);
    for (const stream of ['username-amina', 'email-x']) {
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['NameReserved', 'NameReleased']);
    }
  });

  it('in one transaction, a failing stream leaves nothing written', async () => {
    const store = new MemoryEventStore();
    await store.appendToStream('user-u1', [{ type: 'UserRegistered', data: {} }]);
    const failing = appendDecisions(
      store,
      [
        reserve('username-amina'),
        { streamId: 'user-u1', events: [{ type: 'UserRegistered', data: {} }], expectedVersion: 'no_stream' },
      ],
      { actor: 'u1' },
    );
    await expect(failing).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.readStream('username-amina')).toEqual([]);
  });
});
