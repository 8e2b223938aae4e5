import { EventEmitter } from 'node:events';

import type { ReadModelChangeMessage, ReadModelChanges } from '../../src/platform/read-models/read-model-changes.port';
import { CommittedDocs } from './committed-docs';

/**
 * What an API process knows of read models that another process's runner writes (issue 20,
 * scale-out): their caches, kept current by the changes that runner publishes once each batch has
 * committed, how far each projector got (published after its batch's changes: read-your-writes
 * across processes) and the generation it writes. Reads trust the caches only after a barrier
 * (fresh()): every change published before it has then been applied here.
 */
export class ReadModelFollower {
  readonly docs = new CommittedDocs();
  /** Emits ('progress', projector, checkpoint) as published progress arrives. */
  readonly events = new EventEmitter();
  private readonly progress = new Map<string, { checkpoint: string; generation: number }>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly changes: ReadModelChanges) {
    this.events.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.changes.subscribe({
      message: (m) => this.apply(m),
      reset: () => this.reset(),
    });
    this.connected = true;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.reset();
  }

  /** Subscribed, and not told of a lost connection since (fresh() checks it for real). */
  get receiving(): boolean {
    return this.unsubscribe !== null && this.connected;
  }
  private connected = false;

  /** True once every change published before the call has been applied here (false: read the store). */
  async fresh(): Promise<boolean> {
    if (!this.unsubscribe) return false;
    this.connected = await this.changes.barrier();
    return this.connected;
  }

  /** The last checkpoint a projector's runner published (its caches' changes are out with it). */
  checkpoint(projector: string): string | undefined {
    return this.progress.get(projector)?.checkpoint;
  }

  /** The generation the projector's runner writes now, as last published. */
  generation(projector: string): number | undefined {
    return this.progress.get(projector)?.generation;
  }

  private apply(message: ReadModelChangeMessage) {
    for (const change of message.changes) {
      if (change.answers) this.docs.peek(change.name)?.invalidate();
      if (!change.writes) {
        if (!change.answers) this.docs.drop([change.name]);
        continue;
      }
      // Nobody here has read it: nothing to keep current.
      this.docs.peek(change.name)?.committed(new Map(change.writes));
    }
    for (const p of message.progress) {
      const known = this.progress.get(p.projector);
      // Several runners may publish around a lease hand-over: a checkpoint reached stays reached.
      const checkpoint = known && known.checkpoint > p.checkpoint ? known.checkpoint : p.checkpoint;
      this.progress.set(p.projector, { checkpoint, generation: p.generation });
      this.events.emit('progress', p.projector, checkpoint);
    }
  }

  private reset() {
    this.connected = false;
    this.docs.dropAll();
    // Checkpoints reached stay reached; the generation may have switched while we were not told.
    for (const [name, p] of this.progress) this.progress.set(name, { ...p, generation: -1 });
  }
}
