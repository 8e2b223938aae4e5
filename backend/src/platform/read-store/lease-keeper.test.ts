import { LeaseKeeper } from './lease-keeper';
import { MemoryReadStore } from './memory.read-store';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await tick(10);
  if (!done()) throw new Error('never happened');
};

function counted() {
  const store = new MemoryReadStore();
  const calls = { renew: 0, acquire: 0 };
  const renew = store.renewLeases.bind(store);
  const acquire = store.acquireLease.bind(store);
  store.renewLeases = (leases, ttl) => (calls.renew++, renew(leases, ttl));
  store.acquireLease = (name, owner, ttl) => (calls.acquire++, acquire(name, owner, ttl));
  return { store, calls };
}

describe('lease keeper', () => {
  it('renews every lease of one ttl with one call a third of the ttl apart', async () => {
    const { store, calls } = counted();
    const keeper = new LeaseKeeper(store);
    // Well above an event-loop stall on a loaded machine, so that only a missing renewal lets one lapse.
    const ttl = 450;
    const stops = ['a', 'b', 'c', 'd'].map((name) => {
      void store.acquireLease(name, `owner-${name}`, ttl);
      return keeper.keep(name, `owner-${name}`, ttl, { onLost: () => undefined });
    });
    calls.acquire = 0;
    await until(() => calls.renew >= 5);
    // One call renews the four (the memory store renews each through acquireLease).
    expect(calls.acquire).toBe(calls.renew * 4);
    // Kept past their ttl: nobody else can take them.
    expect(await store.acquireLease('c', 'intruder', ttl)).toBe(false);
    stops.forEach((stop) => stop());
    const after = calls.renew;
    // Longer than a renewal interval: one more would have shown.
    await tick(ttl);
    expect(calls.renew).toBe(after);
  });

  it('says once when another owner took a lease, and stops renewing it', async () => {
    const { store } = counted();
    const keeper = new LeaseKeeper(store);
    // A ttl far above an event-loop stall on a loaded machine (60 ms let 'kept' lapse between renewals).
    const ttl = 1_000;
    await store.acquireLease('kept', 'me', ttl);
    await store.acquireLease('stolen', 'me', ttl);
    const lost: string[] = [];
    const stop = keeper.keep('kept', 'me', ttl, { onLost: () => lost.push('kept') });
    keeper.keep('stolen', 'me', ttl, { onLost: () => lost.push('stolen') });
    await store.releaseLease('stolen', 'me');
    await store.acquireLease('stolen', 'them', 10_000);
    await until(() => lost.length > 0);
    await tick(100);
    expect(lost).toEqual(['stolen']);
    expect(await store.acquireLease('stolen', 'them', 10_000)).toBe(true);
    expect(await store.acquireLease('kept', 'them', ttl)).toBe(false);
    stop();
  });

  it('reports a failed renewal, and counts a second failure in a row as lost', async () => {
    const { store } = counted();
    const keeper = new LeaseKeeper(store);
    let failing = 1;
    const renew = store.renewLeases.bind(store);
    store.renewLeases = (leases, ttl) => (failing-- > 0 ? Promise.reject(new Error('store away')) : renew(leases, ttl));
    const seen: string[] = [];
    keeper.keep('flaky', 'me', 60, { onLost: () => seen.push('lost'), onError: () => seen.push('error') });
    await until(() => failing < -2);
    // One failure, then renewals that succeed: kept.
    expect(seen).toEqual(['error']);
    failing = 2;
    await until(() => seen.length === 4);
    await tick(100);
    expect(seen).toEqual(['error', 'error', 'error', 'lost']);
  });

  it('refuses to keep one lease twice, and is shared per read store', () => {
    const store = new MemoryReadStore();
    const stop = LeaseKeeper.of(store).keep('one', 'me', 1000, { onLost: () => undefined });
    expect(() => LeaseKeeper.of(store).keep('one', 'me', 1000, { onLost: () => undefined })).toThrow(/kept already/);
    expect(LeaseKeeper.of(store)).not.toBe(LeaseKeeper.of(new MemoryReadStore()));
    stop();
  });
});
