import { MemoryEventStore } from '../event-store/memory.event-store';
import type { Decider } from './decider';
import { handleCommand } from './handle-command';
import { loadStream } from './load-stream';

/** A circle that members join: one event per join, as a community's stream grows. */
type Joined = { type: 'Joined'; data: { member: string } };
interface Circle {
  members: Record<string, true>;
}
const circle: Decider<Circle, { type: 'Join'; member: string }, Joined> = {
  initialState: () => ({ members: {} }),
  evolve: (s, e) => ({ members: { ...s.members, [e.data.member]: true } }),
  decide: (s, c) => (s.members[c.member] ? [] : [{ type: 'Joined', data: { member: c.member } }]),
};
const count = (s: Circle) => Object.keys(s.members).length;

/** The store, counting the events each readStream hands back. */
function countingStore() {
  const store = new MemoryEventStore();
  const read = { events: 0, from: [] as (number | undefined)[] };
  const readStream = store.readStream.bind(store);
  store.readStream = async (streamId, options) => {
    const events = await readStream(streamId, options);
    read.events += events.length;
    read.from.push(options?.fromVersion);
    return events;
  };
  return { store, read };
}

const join = (store: MemoryEventStore, member: string) =>
  handleCommand(store, 'circle-1', circle, { type: 'Join', member }, { actor: member });

describe('a long stream keeps its folded state between commands', () => {
  it('reads only what came after the state it kept, however long the stream', async () => {
    const { store, read } = countingStore();
    for (let i = 0; i < 200; i++) await join(store, `m${i}`);
    // Each command read what it had not seen: the whole log once, not 200 × 100 events.
    expect(read.events).toBeLessThan(200);
    expect(count((await loadStream(store, 'circle-1', circle)).state)).toBe(200);
    expect(read.from.at(-1)).toBe(200);
  });

  it('folds in what another writer appended since (another process, the same store)', async () => {
    const { store } = countingStore();
    for (let i = 0; i < 3; i++) await join(store, `m${i}`);
    await store.appendToStream('circle-1', [{ type: 'Joined', data: { member: 'elsewhere' }, metadata: {} }], 2);
    const { state, version } = await loadStream(store, 'circle-1', circle);
    expect([count(state), version, state.members.elsewhere]).toEqual([4, 3, true]);
    // A command deciding on the kept state still appends after the other writer's event.
    await join(store, 'late');
    expect(count((await loadStream(store, 'circle-1', circle)).state)).toBe(5);
  });

  it('keeps one state per decider: another fold of the same stream starts from the beginning', async () => {
    const { store } = countingStore();
    for (let i = 0; i < 3; i++) await join(store, `m${i}`);
    const names: Decider<string[], never, Joined> = {
      initialState: () => [],
      evolve: (s, e) => [...s, e.data.member],
      decide: () => [],
    };
    expect((await loadStream(store, 'circle-1', names)).state).toEqual(['m0', 'm1', 'm2']);
    expect(count((await loadStream(store, 'circle-1', circle)).state)).toBe(3);
  });

  it('under test, freezes what it keeps: a decider or caller changing it in place fails at once', async () => {
    const { store } = countingStore();
    await join(store, 'm0');
    const { state } = await loadStream(store, 'circle-1', circle);
    expect(() => {
      (state.members as Record<string, true>).m1 = true;
    }).toThrow(TypeError);
  });

  it("under test, a kept Map's or Set's entries refuse changes too", async () => {
    type Seen = { type: 'Seen'; data: { key: string } };
    interface Ledger {
      seen: Set<string>;
      byKey: Map<string, number>;
    }
    const ledger: Decider<Ledger, { type: 'See'; key: string }, Seen> = {
      initialState: () => ({ seen: new Set(), byKey: new Map() }),
      evolve: (s, e) => ({
        seen: new Set([...s.seen, e.data.key]),
        byKey: new Map([...s.byKey, [e.data.key, s.byKey.size]]),
      }),
      decide: (s, c) => (s.seen.has(c.key) ? [] : [{ type: 'Seen', data: { key: c.key } }]),
    };
    const store = new MemoryEventStore();
    await handleCommand(store, 'ledger-1', ledger, { type: 'See', key: 'a' }, { actor: null });
    const { state } = await loadStream(store, 'ledger-1', ledger);
    expect(() => state.seen.add('b')).toThrow(TypeError);
    expect(() => state.byKey.set('b', 1)).toThrow(TypeError);
    expect(() => state.byKey.delete('a')).toThrow(TypeError);
    // Reading is untouched, and the next command folds a new state as before.
    expect([state.seen.has('a'), state.byKey.get('a')]).toEqual([true, 0]);
    await handleCommand(store, 'ledger-1', ledger, { type: 'See', key: 'b' }, { actor: null });
    expect((await loadStream(store, 'ledger-1', ledger)).state.seen.size).toBe(2);
  });
});
