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
 * transaction is still open. Only wake-ups and the retries after them can deliver anything.
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
      retryUpToMs: 250,
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

  it('stops retrying once the retries reach their cap, and reads again at the next wake-up', async () => {
    const log = lateLog(1_000_000);
    const sub = startPollingSubscription({ ...log.source, retryUpToMs: 100 }, { handler: async () => undefined });
    await new Promise((r) => setTimeout(r, 20));
    const before = log.reads;
    log.commit(event(1));
    await new Promise((r) => setTimeout(r, 1500));
    // The read the wake-up asked for, then retries after 5, 10, 20, 40 and 80 ms; the next would
    // wait 160 ms, over the cap, so it waits for a wake-up instead (an idle store must rest).
    expect(log.reads - before).toBe(6);
    log.wakeup.notify();
    await new Promise((r) => setTimeout(r, 1500));
    await sub.stop();
    expect(log.reads - before).toBe(12);
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
      { wakeup, retryUpToMs: 250, read: async () => reads.shift() ?? { events: [], heldBack: false } },
      { handler: async (batch) => void seen.push(...batch) },
    );
    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await sub.stop();
    expect(seen.map((e) => e.checkpoint)).toEqual(['0001', '0002']);
  });
});
