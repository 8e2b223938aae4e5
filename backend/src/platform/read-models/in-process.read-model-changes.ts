import type { ReadModelChangeListener, ReadModelChangeMessage, ReadModelChanges } from './read-model-changes.port';

/** Where the in-process adapters of one process meet (one per process in the app; one per test). */
export class ChangeHub {
  readonly listeners = new Set<ReadModelChangeListener>();
}

/**
 * The embedded profile's adapter: one process, so a message reaches every listener synchronously
 * inside publish(), and a barrier has nothing to wait for.
 */
export class InProcessReadModelChanges implements ReadModelChanges {
  readonly engine = 'in-process';
  private closed = false;
  private readonly mine = new Set<ReadModelChangeListener>();

  constructor(private readonly hub = new ChangeHub()) {}

  async publish(message: ReadModelChangeMessage): Promise<void> {
    if (this.closed) throw new Error('read-model changes: closed');
    for (const listener of [...this.hub.listeners]) listener.message(message);
  }

  async subscribe(listener: ReadModelChangeListener): Promise<() => void> {
    this.hub.listeners.add(listener);
    this.mine.add(listener);
    return () => {
      this.hub.listeners.delete(listener);
      this.mine.delete(listener);
    };
  }

  async barrier(): Promise<boolean> {
    return !this.closed && this.mine.size > 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const listener of this.mine) this.hub.listeners.delete(listener);
    this.mine.clear();
  }
}
