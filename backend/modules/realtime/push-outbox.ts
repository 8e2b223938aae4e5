import type { Push, PushSink } from './push';

/** News older than this is history being replayed (a rebuild or a long catch-up): not sent. */
const FRESH_MS = 60_000;

/**
 * Holds the pushes a projector decides while handling a batch until that batch has committed, so
 * a client that refetches on a push sees the new read model. The runner reports each commit
 * (ProjectionRunner.progress); a batch that fails is handled again and stages the same pushes under
 * the same ids, which replace the first ones rather than doubling them.
 */
export class PushOutbox {
  private readonly staged = new Map<string, Map<string, { checkpoint: string; push: Push }>>();
  private sink: PushSink | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Until a sink is attached (or in a process that cannot push), staging does nothing. */
  attach(sink: PushSink | null): void {
    this.sink = sink;
    if (!sink) this.staged.clear();
  }

  /** Whether a push for an event that occurred then would be sent (so its payload is worth building). */
  accepts(occurredAt: string): boolean {
    return !!this.sink && this.now() - Date.parse(occurredAt) <= FRESH_MS;
  }

  /**
   * `state`: the push keeps sockets as the read model now stands (room membership), not news of a
   * moment: it is sent however old its event, or a socket would stay wrong until it reconnects.
   */
  stage(projector: string, checkpoint: string, occurredAt: string, push: Push, kind: 'news' | 'state' = 'news'): void {
    if (kind === 'news' ? !this.accepts(occurredAt) : !this.sink) return;
    let queue = this.staged.get(projector);
    if (!queue) this.staged.set(projector, (queue = new Map()));
    queue.set(push.id, { checkpoint, push });
  }

  /** Sends what the projector staged up to the checkpoint it has just committed. */
  committed(projector: string, checkpoint: string): void {
    const queue = this.staged.get(projector);
    if (!queue || !this.sink) return;
    for (const [id, entry] of queue) {
      if (entry.checkpoint > checkpoint) continue;
      queue.delete(id);
      this.sink.publish(entry.push);
    }
  }
}
