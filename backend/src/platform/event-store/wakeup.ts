/**
 * A level-triggered wake-up signal shared by the subscriptions of one store. Waiters pass the
 * generation they saw before reading, so a wake that lands between "read found nothing" and
 * "start waiting" is never lost.
 */
export class Wakeup {
  private gen = 0;
  private readonly waiters = new Set<() => void>();

  get generation(): number {
    return this.gen;
  }

  notify(): void {
    this.gen++;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const w of waiters) w();
  }

  /** Resolves on the next notify after `seen`, after `timeoutMs` (if given), or when `signal` aborts. */
  wait(seen: number, timeoutMs: number | undefined, signal: AbortSignal): Promise<void> {
    if (this.gen !== seen || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs);
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiters.delete(done);
        resolve();
      }
      const waiters = this.waiters;
      waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }
}
