import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { Collection, CollectionSpec, Doc, SearchIndex } from '../../src/platform/read-store/read-store.port';

/**
 * A projector builds one read model from the log. It must be deterministic in the events it sees:
 * a rebuild replays the whole log through it into fresh collections.
 */
export interface Projector {
  /** Stable name: checkpoints and leases are keyed by it. */
  readonly name: string;
  /** Bump when handle() changes meaning: the runner rebuilds into a new generation and switches. */
  readonly version: number;
  /** Event types handled ('*' = every event); the rest only advance the checkpoint. */
  readonly handles: readonly string[];
  /** Logical collections this projector owns (no other projector writes them). */
  readonly collections: readonly CollectionSpec[];
  readonly searchIndexes?: readonly string[];
  /** Optional hint: documents a batch will touch, loaded with one getMany per collection. */
  prefetch?(events: RecordedEvent[]): Record<string, string[]>;
  handle(event: RecordedEvent, ctx: ProjectionContext): Promise<void>;
  /**
   * Optional: runs once after a batch's events were handled, in the same transaction (e.g. one
   * query per batch for what every event of it would otherwise ask on its own).
   */
  afterBatch?(ctx: ProjectionContext): Promise<void>;
}

export interface ProjectionContext {
  /** A collection of this projector's current generation; writes commit with the checkpoint. */
  collection<T extends Doc = Doc>(logicalName: string): Collection<T>;
  searchIndex(logicalName: string): SearchIndex;
  /**
   * True while a rebuild replays the log into a new generation: what the batch holds is history,
   * not news for the screens open now (the live generation has already told them).
   */
  readonly replaying: boolean;
}

/** Physical name of a logical collection in one generation of its projector. */
export function physicalName(logicalName: string, generation: number): string {
  return `${logicalName}__g${generation}`;
}
