import type { RecordedEvent, SubscribeOptions, Subscription } from './event-store.port';
import { type Wakeup } from './wakeup';

/** One read of the log. */
export interface LogRead {
  /** Events strictly after the checkpoint asked, in log order, at most the count asked. */
  events: RecordedEvent[];
  /**
   * Events committed after these are kept back until an older transaction ends (the SQL store):
   * the subscription must look again rather than wait for the next wake-up.
   */
  heldBack: boolean;
}

export interface PollingSource {
  read(after: string, maxCount: number): Promise<LogRead>;
  /** Every commit wakes it; a commit nothing announced is the source's to find (the SQL store's head watch). */
  wakeup: Wakeup;
  /**
   * Commits may become readable some time after their wake-up (the SQL store shows a commit only
   * once every older transaction has ended): an empty read after a wake-up, or the read after a
   * held-back one, is retried after FIRST_RETRY_MS, twice as long each time up to this, and then
   * left to the next wake-up. Undefined: every commit is readable at once (in-memory).
   */
  retryUpToMs?: number;
}

const DEFAULT_BATCH_SIZE = 500;
// A read that fails (connection reset, failover) is retried a few times before the subscription
// gives up and reports: a projection should survive a blip, not spin forever on a dead database.
const MAX_READ_FAILURES = 5;
// A wake whose read finds nothing means its events are committed but not readable yet: look again
// after this, then twice as long each time, up to the source's retryUpToMs.
const FIRST_RETRY_MS = 5;

/** The catch-up-then-live subscription loop shared by the in-memory and SQL stores. */
export function startPollingSubscription(source: PollingSource, options: SubscribeOptions): Subscription {
  const stopping = new AbortController();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const onError = options.onError ?? ((err: unknown) => console.error('Event store subscription failed', err));

  const run = async (): Promise<void> => {
    let checkpoint = options.after ?? '';
    let failures = 0;
    let retryMs = 0;
    // Commits are known to be on their way: a wake-up came, or the last read said one is held back.
    let expecting = false;
    while (!stopping.signal.aborted) {
      const seen = source.wakeup.generation;
      let batch: RecordedEvent[];
      let heldBack: boolean;
      try {
        ({ events: batch, heldBack } = await source.read(checkpoint, batchSize));
        failures = 0;
      } catch (err) {
        if (++failures >= MAX_READ_FAILURES) return onError(err);
        await sleep(100 * 2 ** failures, stopping.signal);
        continue;
      }
      if (stopping.signal.aborted) return;
      const last = batch.at(-1);
      if (last === undefined) {
        const cap = source.retryUpToMs;
        retryMs = cap === undefined ? 0 : expecting ? FIRST_RETRY_MS : retryMs * 2;
        if (cap !== undefined && retryMs > cap) retryMs = 0;
        await source.wakeup.wait(seen, retryMs > 0 ? retryMs : undefined, stopping.signal);
        expecting = source.wakeup.generation !== seen;
        continue;
      }
      retryMs = 0;
      expecting = heldBack;
      try {
        await options.handler(batch);
      } catch (err) {
        return onError(err);
      }
      checkpoint = last.checkpoint;
      // The read took all there was and nothing was committed since it began: wait for a commit
      // rather than read again to find nothing (half the reads of a live log at 200 events/s).
      if (batch.length < batchSize && !heldBack && source.wakeup.generation === seen) {
        await source.wakeup.wait(seen, undefined, stopping.signal);
        expecting = source.wakeup.generation !== seen;
      }
    }
  };

  const done = run().catch(onError);
  return {
    done,
    // Awaiting stop() inside the handler would wait for itself: stop from outside the handler.
    stop: async () => {
      stopping.abort();
      await done;
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
