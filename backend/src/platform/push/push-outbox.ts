import type { Push, PushSink } from './push';

/** The event a push comes from: where it is in the log, and when it happened. */
export interface PushSource {
  checkpoint: string;
  metadata: { occurredAt: string };
}

export type PushKind = 'news' | 'state';

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

  /**
   * Whether a push for this event, handled in this batch, would be sent (so its payload is worth
   * building): never while a rebuild replays history the live generation has already told, and
   * news only while it is fresh.
   */
  accepts(from: PushSource, batch: { replaying: boolean }, kind: PushKind = 'news'): boolean {
    if (!this.sink || batch.replaying) return false;
    return kind === 'state' || this.now() - Date.parse(from.metadata.occurredAt) <= FRESH_MS;
  }

  /**
   * `state`: the push keeps sockets as the read model now stands (room membership), not news of a
   * moment: it is sent however old its event, or a socket would stay wrong until it reconnects.
   */
  stage(projector: string, from: PushSource, batch: { replaying: boolean }, push: Push, kind: PushKind = 'news'): void {
    if (!this.accepts(from, batch, kind)) return;
    let queue = this.staged.get(projector);
    if (!queue) this.staged.set(projector, (queue = new Map()));
    queue.set(push.id, { checkpoint: from.checkpoint, push });
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
