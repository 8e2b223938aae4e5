import { EventEmitter } from 'node:events';

import type { Logger } from '../../src/platform/logging';
import type {
  ProjectorProgressNote,
  ReadModelChange,
  ReadModelChanges,
} from '../../src/platform/read-models/read-model-changes.port';
import type { ProjectionRunner } from './projection-runner';

/** Documents carried per read model and message; past it, the read model's caches are told to drop. */
const MAX_DOCS_CARRIED = 200;

/**
 * The runner's side of the read-model changes: what each batch committed (from the runner's
 * CommittedDocs) and how far each projector got (its 'progress'), in order, one message in flight
 * at a time: what is handed over while a message is out goes together in the next one. (A message
 * per turn of the event loop, queued behind each other, fell behind for good when the process was
 * busy: under 1,700 feed reads/s in one ROLE=all process, a round trip to Redis took a loop
 * iteration, commits made messages faster than that, and commands waited out their 2 s
 * read-your-writes timeout for progress already committed.) A failed send is retried, and nothing
 * after it goes first: a cache elsewhere must never see progress before the changes that precede it.
 * Emits ('published', projector, checkpoint) once a projector's progress is out: pushes wait for it,
 * so a client told of a change and reading it from any API process gets it.
 */
export class ChangePublisher {
  readonly events = new EventEmitter();
  private changes: ReadModelChange[] = [];
  private progress = new Map<string, ProjectorProgressNote>();
  private scheduled = false;
  private inFlight = false;
  private sending: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly bus: ReadModelChanges,
    runner: ProjectionRunner,
    private readonly logger: Logger,
    private readonly retryMs = 200,
  ) {
    this.events.setMaxListeners(0);
    runner.docs.listen({
      committed: (name, writes) => {
        this.changes.push(
          writes.size > MAX_DOCS_CARRIED ? { name } : { name, writes: [...writes] as [string, unknown][] },
        );
        this.schedule();
      },
      answersChanged: (name) => {
        this.changes.push({ name, answers: true });
        this.schedule();
      },
      dropped: (names) => {
        for (const name of names) this.changes.push({ name });
        if (names.length) this.schedule();
      },
    });
    runner.progress.on('progress', (projector: string, checkpoint: string) => {
      const generation = runner.followedGeneration(projector);
      if (generation === undefined) return;
      this.progress.set(projector, { projector, checkpoint, generation });
      this.schedule();
    });
  }

  /** Resolves once everything handed over so far is out (or given up at close). */
  async flushed(): Promise<void> {
    if (this.scheduled) await new Promise((r) => queueMicrotask(() => r(undefined)));
    // A send that ends starts the next one at once when more was handed over meanwhile.
    while (this.inFlight) await this.sending;
  }

  async close(): Promise<void> {
    await this.flushed();
    this.closed = true;
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    // A microtask: the projectors woken by one append report within the same turn, and go together.
    queueMicrotask(() => {
      this.scheduled = false;
      this.sendPending();
    });
  }

  private sendPending() {
    if (this.inFlight || (this.changes.length === 0 && this.progress.size === 0)) return;
    const message = { changes: this.changes, progress: [...this.progress.values()] };
    this.changes = [];
    this.progress = new Map();
    this.inFlight = true;
    this.sending = this.send(message).finally(() => {
      this.inFlight = false;
      this.sendPending();
    });
  }

  private async send(message: { changes: ReadModelChange[]; progress: ProjectorProgressNote[] }) {
    for (let attempt = 1; !this.closed; attempt++) {
      try {
        await this.bus.publish(message);
        break;
      } catch (err) {
        if (attempt === 1 || attempt % 50 === 0)
          this.logger.warn({ err, attempt }, 'could not publish read-model changes; retrying');
        await new Promise((r) => setTimeout(r, this.retryMs));
      }
    }
    for (const p of message.progress) this.events.emit('published', p.projector, p.checkpoint);
  }
}
