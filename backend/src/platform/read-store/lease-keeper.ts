import type { LeaseHold, ReadStore } from './read-store.port';

export interface KeptLease {
  /** Another owner has the lease now (this process stalled past it): stand down. */
  onLost(): void;
  /**
   * A renewal failed (the store is away): it is tried again at the next tick, a third of the ttl
   * later. A second failure in a row counts as lost, since the lease may lapse before a third.
   */
  onError?(err: unknown): void;
}

interface Held extends LeaseHold, KeptLease {
  failures: number;
}

/**
 * Keeps the leases a process holds on one read store, renewing all those of one ttl with a single
 * call every third of it. Each projector and reactor renewed its own, one statement every 5 s
 * apiece: four a second for the 22 an idle app holds (docs/performance.md, bench:idle).
 */
export class LeaseKeeper {
  private static readonly shared = new WeakMap<ReadStore, LeaseKeeper>();
  private readonly groups = new Map<number, { held: Map<string, Held>; timer: NodeJS.Timeout }>();

  constructor(private readonly readStore: ReadStore) {}

  /** The keeper every user of this read store in the process shares. */
  static of(readStore: ReadStore): LeaseKeeper {
    let keeper = LeaseKeeper.shared.get(readStore);
    if (!keeper) LeaseKeeper.shared.set(readStore, (keeper = new LeaseKeeper(readStore)));
    return keeper;
  }

  /**
   * Renews a lease `owner` has just acquired until the returned function is called (which stops
   * renewing; releasing it in the store stays the caller's) or it is lost.
   */
  keep(name: string, owner: string, ttlMs: number, kept: KeptLease): () => void {
    let group = this.groups.get(ttlMs);
    if (!group) {
      const held = new Map<string, Held>();
      group = { held, timer: setInterval(() => void this.renew(held, ttlMs), ttlMs / 3) };
      this.groups.set(ttlMs, group);
    }
    if (group.held.has(name)) throw new Error(`the lease ${name} is kept already`);
    const entry: Held = { name, owner, ...kept, failures: 0 };
    group.held.set(name, entry);
    return () => this.drop(ttlMs, entry);
  }

  private drop(ttlMs: number, entry: Held): void {
    const group = this.groups.get(ttlMs);
    if (group?.held.get(entry.name) !== entry) return;
    group.held.delete(entry.name);
    if (group.held.size > 0) return;
    clearInterval(group.timer);
    this.groups.delete(ttlMs);
  }

  private async renew(held: Map<string, Held>, ttlMs: number): Promise<void> {
    const asked = [...held.values()];
    if (asked.length === 0) return;
    let answers: boolean[];
    try {
      answers = await this.readStore.renewLeases(
        asked.map(({ name, owner }) => ({ name, owner })),
        ttlMs,
      );
    } catch (err) {
      for (const entry of asked) {
        entry.onError?.(err);
        if (++entry.failures >= 2) this.lose(held, ttlMs, entry);
      }
      return;
    }
    asked.forEach((entry, i) => {
      entry.failures = 0;
      if (!answers[i]) this.lose(held, ttlMs, entry);
    });
  }

  private lose(held: Map<string, Held>, ttlMs: number, entry: Held): void {
    // Dropped while the renewal ran: no longer ours to report.
    if (held.get(entry.name) !== entry) return;
    this.drop(ttlMs, entry);
    entry.onLost();
  }
}
