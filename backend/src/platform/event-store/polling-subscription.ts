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
  wakeup: Wakeup;
  /** Fallback re-read interval when nothing wakes us; undefined = wake-ups only (in-memory). */
  pollIntervalMs?: number;
}

const DEFAULT_BATCH_SIZE = 500;
// A read that fails (connection reset, failover) is retried a few times before the subscription
// gives up and reports: a projection should survive a blip, not spin forever on a dead database.
const MAX_READ_FAILURES = 5;
// A wake whose read finds nothing means its events are committed but not readable yet (the SQL
// store shows a commit only once every older transaction has ended): look again after this, then
// twice as long each time, up to the poll interval, instead of waiting a whole poll interval.
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
    let woken = false;
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
        const poll = source.pollIntervalMs;
        // Without a poll interval (the in-memory store) every commit is readable at once.
        retryMs = poll === undefined ? 0 : woken ? FIRST_RETRY_MS : retryMs * 2;
        if (poll !== undefined && retryMs >= poll) retryMs = 0;
        await source.wakeup.wait(seen, retryMs > 0 ? retryMs : poll, stopping.signal);
        woken = source.wakeup.generation !== seen;
        continue;
      }
      retryMs = 0;
      woken = false;
      try {
        await options.handler(batch);
      } catch (err) {
        return onError(err);
      }
      checkpoint = last.checkpoint;
      // The read took all there was and nothing was committed since it began: wait for a commit
      // rather than read again to find nothing (half the reads of a live log at 200 events/s).
      if (batch.length < batchSize && !heldBack && source.wakeup.generation === seen) {
        await source.wakeup.wait(seen, source.pollIntervalMs, stopping.signal);
        woken = source.wakeup.generation !== seen;
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
