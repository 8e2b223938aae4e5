/**
 * How the read models' changes reach every process that serves reads (issue 20, scale-out): the
 * process that runs a projector publishes what each batch committed, and how far the projector
 * got; every API process applies that to its cache of the read models, in order, before a command
 * waiting on that batch may answer. Adapters: in-process (the embedded profile, one process) and
 * Redis pub/sub (every process of a deployment). Both are held to testing/read-model-changes.contract.ts.
 */

/** What one batch (or several, coalesced) did to one physical collection or search index. */
export interface ReadModelChange {
  /** Physical name (a generation's collection or search index). */
  name: string;
  /**
   * The documents committed, as the store now holds them (null: deleted). Absent: anything held of
   * this read model may be wrong now (too many writes to carry, a failed commit, a new owner) and
   * must go.
   */
  writes?: [id: string, doc: unknown][];
  /** A search index was written: its held answers must go. */
  answers?: true;
}

/** How far a projector has got, and the generation it writes (what reads of it should use). */
export interface ProjectorProgressNote {
  projector: string;
  checkpoint: string;
  generation: number;
}

export interface ReadModelChangeMessage {
  changes: ReadModelChange[];
  progress: ProjectorProgressNote[];
}

export interface ReadModelChangeListener {
  /** Messages arrive in the order they were published (per publishing process). */
  message(message: ReadModelChangeMessage): void;
  /** Messages may have been missed (a lost connection): whatever was built from them must go. */
  reset(): void;
}

export interface ReadModelChanges {
  /** 'in-process' | 'redis'. */
  readonly engine: string;
  /**
   * Sends a message to every subscriber (this process's too). Resolves once it is out: a
   * subscriber's barrier() started after that sees it. Rejects when it could not be sent.
   */
  publish(message: ReadModelChangeMessage): Promise<void>;
  /** Starts delivering messages to listener; resolves once subscribed. Returns the unsubscribe. */
  subscribe(listener: ReadModelChangeListener): Promise<() => void>;
  /**
   * Read-your-writes across processes: resolves true once every message whose publish() resolved
   * (in any process) before this call has been handed to this process's listeners; false when that
   * cannot be known now (not subscribed, connection lost): the caller must then not trust anything
   * built from the messages. Concurrent callers share one round trip.
   */
  barrier(): Promise<boolean>;
  close(): Promise<void>;
}
