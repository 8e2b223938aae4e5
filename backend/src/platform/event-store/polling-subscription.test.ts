import type { RecordedEvent } from './event-store.port';
import { type LogRead, startPollingSubscription } from './polling-subscription';
import { Wakeup } from './wakeup';

const event = (n: number): RecordedEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'Pinged',
  data: {},
  metadata: {} as RecordedEvent['metadata'],
  streamId: 's',
  streamVersion: n,
  checkpoint: String(n).padStart(4, '0'),
});

/**
 * A log whose commits become readable a few reads late, as the SQL store's do while an older
 * transaction is still open. Its poll interval is an hour, so only wake-ups and the retries after
 * them can deliver anything within a test.
 */
function lateLog(readableAfterReads: number) {
  const wakeup = new Wakeup();
  const committed: RecordedEvent[] = [];
  let hiddenReads = 0;
  let reads = 0;
  return {
    wakeup,
    get reads() {
      return reads;
    },
    commit(e: RecordedEvent) {
      committed.push(e);
      hiddenReads = readableAfterReads;
      wakeup.notify();
    },
    source: {
      wakeup,
      pollIntervalMs: 3_600_000,
      read: async (after: string) => {
        reads++;
        if (hiddenReads > 0) {
          hiddenReads--;
          return { events: [], heldBack: false };
        }
        return { events: committed.filter((e) => e.checkpoint > after), heldBack: false };
      },
    },
  };
}

describe('polling subscription', () => {
  it('reads again soon when a wake-up finds its commit not readable yet, not at the next poll', async () => {
    const log = lateLog(3);
    const seen: RecordedEvent[] = [];
    const sub = startPollingSubscription(log.source, { handler: async (batch) => void seen.push(...batch) });
    await new Promise((r) => setTimeout(r, 20));
    log.commit(event(1));
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await sub.stop();
    expect(seen.map((e) => e.checkpoint)).toEqual(['0001']);
  });

  it('without a wake-up it waits for the poll, and stops retrying once the retries reach it', async () => {
    const log = lateLog(1_000_000);
    const sub = startPollingSubscription({ ...log.source, pollIntervalMs: 100 }, { handler: async () => undefined });
    await new Promise((r) => setTimeout(r, 20));
    const before = log.reads;
    log.commit(event(1));
    await new Promise((r) => setTimeout(r, 600));
    await sub.stop();
    // After the wake: retries at 5, 10, 20, 40 and 80 ms, then one read per 100 ms poll, so about
    // a dozen reads in 600 ms; a loop that kept retrying every few ms would read over a hundred times.
    const reads = log.reads - before;
    expect(reads).toBeGreaterThanOrEqual(6);
    expect(reads).toBeLessThan(30);
  });

  it('after a batch, waits for the next commit instead of reading again to find nothing', async () => {
    const log = lateLog(0);
    const seen: RecordedEvent[] = [];
    const sub = startPollingSubscription(log.source, { handler: async (batch) => void seen.push(...batch) });
    await new Promise((r) => setTimeout(r, 20));
    const before = log.reads;
    log.commit(event(1));
    await new Promise((r) => setTimeout(r, 50));
    log.commit(event(2));
    await new Promise((r) => setTimeout(r, 50));
    await sub.stop();
    expect(seen.map((e) => e.checkpoint)).toEqual(['0001', '0002']);
    // One read per commit: no empty read after each batch.
    expect(log.reads - before).toBe(2);
  });

  it('reads again at once when the read says a later commit is held back', async () => {
    const wakeup = new Wakeup();
    const reads: LogRead[] = [
      { events: [event(1)], heldBack: true },
      // The older transaction ended: the held-back commit is readable, and no wake-up announces it.
      { events: [event(2)], heldBack: false },
    ];
    const seen: RecordedEvent[] = [];
    const sub = startPollingSubscription(
      { wakeup, pollIntervalMs: 3_600_000, read: async () => reads.shift() ?? { events: [], heldBack: false } },
      { handler: async (batch) => void seen.push(...batch) },
    );
    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await sub.stop();
    expect(seen.map((e) => e.checkpoint)).toEqual(['0001', '0002']);
  });
});
