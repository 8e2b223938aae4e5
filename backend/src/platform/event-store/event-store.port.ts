/**
 * The event store port: the source of truth of every module. Adapters: in-memory, PostgreSQL and
 * PGlite (one SQL implementation), KurrentDB. All are held to testing/event-store.contract.ts.
 *
 * Stream versions follow EventStoreDB: 0-based revisions; a stream with no events has none.
 * Checkpoints are opaque strings that sort as text in log order; '' means "before the first event".
 */
export type ExpectedVersion = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  actor: string | null;
  occurredAt: string;
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
  [key: string]: unknown;
}

/** Metadata given with a new event: any field absent or undefined gets the store's default. */
export type EventMetadataInput = { [K in keyof EventMetadata]?: EventMetadata[K] | undefined };

export interface NewEvent<T = unknown> {
  /** Time-ordered id (UUIDv7); generated when absent. */
  id?: string | undefined;
  type: string;
  data: T;
  metadata?: EventMetadataInput | undefined;
}

export interface RecordedEvent<T = unknown> {
  id: string;
  type: string;
  data: T;
  metadata: EventMetadata;
  streamId: string;
  streamVersion: number;
  /** Position in the global log; sorts as text. */
  checkpoint: string;
}

export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion?: ExpectedVersion | undefined;
}

export interface AppendResult {
  streamId: string;
  /** Version of the last event written (the expected version for the next append). */
  nextExpectedVersion: number;
  /** Checkpoint of the last event written: wait for projections to pass it for read-your-writes. */
  checkpoint: string;
  events: RecordedEvent[];
}

export interface ReadStreamOptions {
  fromVersion?: number | undefined;
  maxCount?: number | undefined;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this checkpoint. '' or absent = from the start. */
  after?: string | undefined;
  maxCount?: number | undefined;
}

export interface SubscribeOptions {
  after?: string;
  batchSize?: number;
  /** Called with each batch in log order; the next batch waits until it resolves. */
  handler: (batch: RecordedEvent[]) => Promise<void>;
  /** Called when the handler throws or the engine fails; the subscription then stops. */
  onError?: (err: unknown) => void;
}

export interface Subscription {
  /** Stops after the batch being handled, if any, has finished. */
  stop(): Promise<void>;
  /** Resolves when the subscription has ended (stopped or failed). */
  readonly done: Promise<void>;
}

export interface EventStore {
  /** Engine name reported by health: 'memory' | 'postgres' | 'pglite' | 'kurrentdb'. */
  readonly engine: string;
  /** Whether appendToStreams is one transaction on this engine. */
  readonly atomicMultiStreamAppend: boolean;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  appendToStream(streamId: string, events: NewEvent[], expectedVersion?: ExpectedVersion): Promise<AppendResult>;
  /**
   * Appends to several streams; all or nothing where the engine allows (see atomicMultiStreamAppend).
   * Elsewhere streams are written in order and a failure leaves earlier ones written.
   */
  appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Checkpoint of the newest event a subscriber can be given now ('' when the log is empty). */
  headCheckpoint(): Promise<string>;
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}
