/** What one item of a batch came to: its own value or its own error. */
export type BatchOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Lets concurrent appends share statements and commits once the database is busy, as group commit
 * lets them share a WAL flush.
 *
 * While fewer than `maxInFlight` statements are out, an item leaves at once, alone: an idle or
 * lightly loaded store adds no wait. Beyond that, items queue, and each statement that comes back
 * sends everything queued (up to `maxBatch`) as the next one. Items keep their order, so two
 * appends to one stream from one caller are written in the order they were asked.
 *
 * `send` answers one outcome per item, in order; when it throws, every item of that batch fails
 * with its error.
 */
export class AppendBatcher<I, R> {
  private readonly queue: Waiting<I, R>[] = [];
  private inFlight = 0;

  constructor(
    private readonly send: (items: I[]) => Promise<BatchOutcome<R>[]>,
    private readonly maxInFlight: number,
    private readonly maxBatch: number,
  ) {
    if (maxInFlight < 1 || maxBatch < 1) throw new RangeError('maxInFlight and maxBatch must be at least 1');
  }

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.sendBatch(batch).finally(() => {
        this.inFlight -= 1;
        this.dispatch();
      });
    }
  }

  private async sendBatch(batch: Waiting<I, R>[]): Promise<void> {
    let outcomes: BatchOutcome<R>[];
    try {
      outcomes = await this.send(batch.map((w) => w.item));
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i];
      if (!outcome) w.reject(new Error(`batch of ${batch.length} answered ${outcomes.length} outcomes`));
      else if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
  }
}
