import type { RecordedEvent } from './event-store.port';
import { LogTail } from './log-tail';
import type { LogRead } from './polling-subscription';

const cp = (n: number) => String(n).padStart(4, '0');
const event = (n: number): RecordedEvent => ({
  id: `e${n}`,
  type: 'Noted',
  data: { n },
  metadata: { occurredAt: '2026-11-27T00:00:00.000Z' } as RecordedEvent['metadata'],
  streamId: `note-${n}`,
  streamVersion: 0,
  checkpoint: cp(n),
});

/** A log of `head` events the tail reads from; `heldBack` marks reads that stop at an open transaction. */
function fakeLog() {
  const log = { head: 0, heldBack: false, reads: [] as string[] };
  const load = jest.fn(async (after: string, maxCount: number): Promise<LogRead> => {
    log.reads.push(after);
    await Promise.resolve();
    const from = after === '' ? 0 : Number(after);
    const events: RecordedEvent[] = [];
    for (let n = from + 1; n <= log.head && events.length < maxCount; n++) events.push(event(n));
    return { events, heldBack: log.heldBack && events.length > 0 };
  });
  return { log, load };
}

const numbers = (r: LogRead) => r.events.map((e) => (e.data as { n: number }).n);

describe('LogTail', () => {
  let clock = 0;
  let generation = 1;
  const tailOf = (load: (after: string, maxCount: number) => Promise<LogRead>) =>
    new LogTail(
      load,
      () => generation,
      () => clock,
    );

  /** A tail over a log of `head` events, after a first read from `after` (the stretch it starts with). */
  async function afterFirstRead(head: number, after = '') {
    const { log, load } = fakeLog();
    const tail = tailOf(load);
    log.head = head;
    await tail.read(after, 500);
    return { log, load, tail };
  }

  beforeEach(() => {
    clock = 1000;
    generation = 1;
  });

  it('answers subscribers at different checkpoints after one commit with one read', async () => {
    const { log, load } = fakeLog();
    const tail = tailOf(load);
    log.head = 3;
    expect(numbers(await tail.read(cp(1), 500))).toEqual([2, 3]);
    log.head = 5;
    generation++;
    const [slow, fast] = await Promise.all([tail.read(cp(1), 500), tail.read(cp(3), 500)]);
    expect([numbers(slow), numbers(fast)]).toEqual([
      [2, 3, 4, 5],
      [4, 5],
    ]);
    expect(await tail.read(cp(5), 500)).toEqual({ events: [], heldBack: false });
    // The first read (the subscriber's own), then one from the stretch's end for the commit.
    expect(log.reads).toEqual([cp(1), cp(3)]);
  });

  it('reads again after a new commit, and once the answer is older than a poll may trust', async () => {
    const { log, tail } = await afterFirstRead(2);
    expect(numbers(await tail.read(cp(1), 500))).toEqual([2]);
    expect(log.reads).toEqual(['']);
    // A commit another process made, whose wake-up was missed: the next poll must see it.
    log.head = 3;
    clock += 26;
    expect(numbers(await tail.read(cp(2), 500))).toEqual([3]);
    log.head = 4;
    generation++;
    expect(numbers(await tail.read(cp(2), 500))).toEqual([3, 4]);
    expect(log.reads).toEqual(['', cp(2), cp(3)]);
  });

  it('lets a subscriber behind the stretch read the store itself, one read for identical questions', async () => {
    const { log, tail } = await afterFirstRead(10, cp(8));
    const [a, b] = await Promise.all([tail.read(cp(2), 3), tail.read(cp(2), 3)]);
    expect(numbers(a)).toEqual([3, 4, 5]);
    expect(b).toBe(a);
    expect(log.reads).toEqual([cp(8), cp(2)]);
    // A full answer is not the end of the log: the stretch stays the one that was.
    expect(numbers(await tail.read(cp(9), 500))).toEqual([10]);
    expect(log.reads).toHaveLength(2);
  });

  it('answers at most the count asked, and extends a stretch too short for it', async () => {
    const { log, tail } = await afterFirstRead(2);
    log.head = 6;
    generation++;
    expect(numbers(await tail.read('', 3))).toEqual([1, 2, 3]);
    expect(log.reads).toEqual(['', cp(2)]);
    expect(numbers(await tail.read(cp(3), 500))).toEqual([4, 5, 6]);
    expect(log.reads).toHaveLength(2);
  });

  it('passes on a read held back by an open transaction, so the subscriber looks again', async () => {
    const { log, tail } = await afterFirstRead(1);
    log.head = 3;
    log.heldBack = true;
    generation++;
    expect(await tail.read(cp(1), 500)).toMatchObject({ heldBack: true });
    log.heldBack = false;
    log.head = 4;
    expect(numbers(await tail.read(cp(3), 500))).toEqual([4]);
    expect(log.reads).toEqual(['', cp(1), cp(3)]);
  });

  it('tells a subscriber to look again when the read past the stretch found nothing (it carries no held-back flag)', async () => {
    const { log, tail } = await afterFirstRead(3);
    generation++;
    expect(await tail.read(cp(1), 500)).toEqual({ events: [event(2), event(3)], heldBack: true });
    expect(await tail.read(cp(3), 500)).toEqual({ events: [], heldBack: false });
    expect(log.reads).toEqual(['', cp(3), cp(3)]);
  });

  it('fails every subscriber waiting on a failed read, and reads again for the next', async () => {
    const { log, load, tail } = await afterFirstRead(1);
    log.head = 2;
    generation++;
    load.mockRejectedValueOnce(new Error('connection reset'));
    const waiting = [tail.read('', 500), tail.read(cp(1), 500)];
    for (const w of waiting) await expect(w).rejects.toThrow('connection reset');
    expect(numbers(await tail.read(cp(1), 500))).toEqual([2]);
  });

  it('keeps the newest events only: a subscriber further behind reads the store', async () => {
    const { log, tail } = await afterFirstRead(1);
    // Full reads from the stretch's end, 500 events each, then a last short one that reaches the end.
    for (let head = 501; head <= 4501; head += 500) {
      log.head = head;
      generation++;
      expect(numbers(await tail.read(cp(head - 500), 500))).toHaveLength(500);
    }
    log.head = 4510;
    generation++;
    expect(numbers(await tail.read(cp(4500), 500))).toHaveLength(10);
    expect(log.reads).toHaveLength(11);
    expect(numbers(await tail.read(cp(4400), 500))).toHaveLength(110);
    expect(log.reads).toHaveLength(11);
    expect(numbers(await tail.read(cp(10), 5))).toEqual([11, 12, 13, 14, 15]);
    expect(log.reads).toHaveLength(12);
  });
});
