import type { Wakeup } from './wakeup';

/**
 * The SQL store's one look at the log for commits no wake-up announced: another process's commit
 * whose NOTIFY was lost (a dropped listener connection), or a commit that became readable only when
 * an older transaction ended. Every `intervalMs` while the store has subscribers it reads the head
 * (one index probe) and wakes them when it moved since the last look, and always after the first.
 *
 * Each subscription used to poll the log itself every 250 ms: an idle embedded app read it eight
 * times a second for nothing (docs/performance.md, bench:idle). Now an idle store costs one cheap
 * statement per interval, whatever the number of subscribers, and a subscriber reads only when
 * something may have come.
 */
export class HeadWatch {
  private timer: NodeJS.Timeout | null = null;
  private last: string | undefined;
  private looking = false;

  constructor(
    private readonly options: {
      head: () => Promise<string>;
      wakeup: Wakeup;
      intervalMs: number;
      /** Whether anyone listens: the watch stops looking when this turns false. */
      active: () => boolean;
    },
  ) {}

  /** Call when a subscriber starts (idempotent). */
  start(): void {
    if (this.timer || this.looking || !this.options.active()) return;
    this.timer = setTimeout(() => void this.look(), this.options.intervalMs);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.last = undefined;
  }

  private async look(): Promise<void> {
    this.timer = null;
    this.looking = true;
    try {
      const head = await this.options.head();
      if (head !== this.last) {
        this.last = head;
        this.options.wakeup.notify();
      }
    } catch {
      // The database is away for a moment: the next look tries again (and a subscriber's own
      // read reports, through its subscription, if it stays away).
    } finally {
      this.looking = false;
    }
    this.start();
  }
}
