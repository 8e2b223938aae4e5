import type { RecordedEvent } from './event-store.port';
import type { LogRead } from './polling-subscription';
import { SharedReads } from './shared-reads';

/** How long a stretch read to the end of the log counts as the end (a missed wake-up still gets polled). */
const FRESH_MS = 25;
/** Events kept: a subscriber further behind reads the store itself. */
const KEPT = 2000;
/** Events asked per read that extends the stretch. */
const CHUNK = 500;

/**
 * The newest stretch of the log this process has read, shared by its subscriptions. Each projector
 * follows the log on its own, and after a commit they ask for what follows their own checkpoints,
 * which differ (a slow projector is still on the batch before): exact-question sharing turned 16
 * subscriptions into two or three reads per commit. Here a subscriber whose checkpoint lies in the
 * stretch is answered from it, and the stretch is extended from its end by one read shared by all
 * who wait, so a commit costs one read whichever checkpoints ask. A subscriber outside the stretch
 * (catching up, just started) reads the store as before.
 *
 * The stretch is the end of the log only as of the wake-up generation its last read began in, and
 * only for FRESH_MS: a later commit, or a poll after a missed wake-up, reads the store again.
 */
export class LogTail {
  private events: RecordedEvent[] = [];
  /** Checkpoint → index in `events`. */
  private index = new Map<string, number>();
  /** The checkpoint the stretch starts after; null while there is no stretch. */
  private start: string | null = null;
  /** The wake-up generation (and when) a read found the stretch's end to be the log's end; null: not known. */
  private complete: { generation: number; at: number } | null = null;
  private extending: Promise<{ heldBack: boolean; found: number }> | null = null;
  private readonly own: SharedReads;

  constructor(
    private readonly load: (after: string, maxCount: number) => Promise<LogRead>,
    private readonly generation: () => number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.own = new SharedReads(now);
  }

  async read(after: string, maxCount: number): Promise<LogRead> {
    const asked = this.generation();
    let heldBack = false;
    for (;;) {
      const from = this.offsetAfter(after);
      if (from < 0) return this.readOwn(asked, after, maxCount);
      const events = this.events.slice(from, from + maxCount);
      if (events.length === maxCount || this.completeAsOf(asked)) return { events, heldBack: false };
      // Behind an open transaction, or nothing readable yet: answer what there is, as a read would.
      if (heldBack) return { events, heldBack: events.length > 0 };
      const extended = await this.extend();
      // Nothing after the stretch: an empty read carries no held-back flag, so a subscriber given
      // events is told to look again (as after a held-back read) rather than wait for a wake-up.
      if (extended.found === 0 && this.offsetAfter(after) === from) return { events, heldBack: events.length > 0 };
      heldBack = extended.heldBack;
    }
  }

  private completeAsOf(generation: number): boolean {
    const c = this.complete;
    return c !== null && c.generation >= generation && this.now() - c.at <= FRESH_MS;
  }

  /** Where the answer for a subscriber at `after` starts in the stretch; -1 when it is not in it. */
  private offsetAfter(after: string): number {
    if (this.start === null) return -1;
    if (after === this.start) return 0;
    const i = this.index.get(after);
    return i === undefined ? -1 : i + 1;
  }

  private get end(): string {
    return this.events.at(-1)?.checkpoint ?? this.start!;
  }

  /** One read from the stretch's end, shared by every subscriber waiting on it. */
  private extend(): Promise<{ heldBack: boolean; found: number }> {
    if (this.extending) return this.extending;
    const generation = this.generation();
    const at = this.now();
    const from = this.end;
    this.extending = this.load(from, CHUNK)
      .then(({ events, heldBack }) => {
        // A subscriber's own read replaced the stretch meanwhile: this answer belongs to the old one.
        if (this.start === null || this.end !== from) return { heldBack, found: 0 };
        this.append(events);
        // An empty read says nothing of held-back commits (no row carries the flag): not the end.
        this.complete = events.length > 0 && events.length < CHUNK && !heldBack ? { generation, at } : null;
        return { heldBack, found: events.length };
      })
      .finally(() => {
        this.extending = null;
      });
    return this.extending;
  }

  private async readOwn(generation: number, after: string, maxCount: number): Promise<LogRead> {
    const at = this.now();
    const read = await this.own.read(generation, after, maxCount, () => this.load(after, maxCount));
    // A read that reached the end of the log is the freshest stretch there can be: it becomes the one shared.
    if (read.events.length > 0 && read.events.length < maxCount && !read.heldBack && !this.extending) {
      this.start = after;
      this.events = [];
      this.index = new Map();
      this.append(read.events);
      this.complete = { generation, at };
    }
    return read;
  }

  private append(events: RecordedEvent[]) {
    for (const e of events) {
      this.index.set(e.checkpoint, this.events.length);
      this.events.push(e);
    }
    if (this.events.length <= 2 * KEPT) return;
    const dropped = this.events.length - KEPT;
    this.start = this.events[dropped - 1]!.checkpoint;
    this.events = this.events.slice(dropped);
    this.index = new Map(this.events.map((e, i) => [e.checkpoint, i]));
  }
}
