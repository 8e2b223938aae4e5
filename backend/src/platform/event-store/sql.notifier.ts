import type { SqlClient } from '../sql';

/**
 * Tells other processes that events were appended, cheaply.
 *
 * Not pg_notify inside the append transaction: PostgreSQL holds one database-wide lock from a
 * notifying transaction's pre-commit until its commit is flushed, so every appending transaction
 * would commit (and flush WAL) one after another, defeating group commit. On the 2-core dev machine
 * that more than halved the 16-writer single-event rate (figures in sql.event-store.ts).
 *
 * Instead, after an append has committed, the appending process sends a notify of its own, at most
 * one in flight and at most one per minIntervalMs: appends landing meanwhile fold into a single
 * follow-up. When idle the notify goes out at once, so cross-process latency stays one round trip;
 * under load it costs a few hundred tiny transactions per second at most, not one per append.
 * A notify carries no data, only the sender's id (a process ignores its own echo: it has already
 * woken its subscribers in-process). Listeners re-read the log, so a lost notify only means waiting
 * for the next poll.
 */
export class CoalescingNotifier {
  private inFlight: Promise<void> | null = null;
  private pending = false;

  constructor(
    private readonly sql: SqlClient,
    private readonly channel: string,
    private readonly senderId: string,
    private readonly minIntervalMs = 5,
  ) {}

  signal(): void {
    if (this.inFlight) {
      this.pending = true;
      return;
    }
    this.inFlight = this.drain();
  }

  /** Resolves when the notify for every signal so far has been sent. */
  async flush(): Promise<void> {
    await this.inFlight;
  }

  private async drain(): Promise<void> {
    do {
      const started = Date.now();
      this.pending = false;
      await this.sql.query('SELECT pg_notify($1, $2)', [this.channel, this.senderId]).catch(() => undefined);
      const wait = started + this.minIntervalMs - Date.now();
      if (this.pending && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    } while (this.pending);
    this.inFlight = null;
  }
}
