import {
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  ANY,
  type AppendStreamState,
  BACKWARDS,
  END,
  excludeSystemEvents,
  jsonEvent,
  type JSONType,
  type KurrentDBClient,
  NO_STREAM,
  type Position,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';

import { prepareAppends, type PreparedAppend } from './append-input';
import { WrongExpectedVersionError } from './errors';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from './event-store.port';

// Checkpoint = "<commit>:<prepare>" positions, each zero-padded to 20 digits: text order is log order.
const CHECKPOINT = /^(\d{20}):(\d{20})$/;
const encode = (p: Position): string =>
  `${p.commit.toString().padStart(20, '0')}:${p.prepare.toString().padStart(20, '0')}`;

function decode(checkpoint: string | undefined): Position | null {
  if (!checkpoint) return null;
  const m = CHECKPOINT.exec(checkpoint);
  const [, commit, prepare] = m ?? [];
  if (commit === undefined || prepare === undefined)
    throw new TypeError(`Not a checkpoint of the KurrentDB event store: ${checkpoint}`);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

const MAX_RESUBSCRIBE_FAILURES = 5;

/**
 * KurrentDB (EventStoreDB) through its official gRPC client. Kept thin: the server does the
 * versions, the global order and the catch-up subscriptions.
 *
 * appendToStreams appends stream by stream (not atomic): callers needing all-or-nothing across
 * streams (unique-name reservations) compensate on failure, as ARCHITECTURE.md describes.
 *
 * Ownership: the store borrows the client; whoever created it disposes it.
 */
export class KurrentEventStore implements EventStore {
  readonly engine = 'kurrentdb';
  readonly atomicMultiStreamAppend = false;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly client: KurrentDBClient) {}

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: options.fromVersion ? BigInt(options.fromVersion) : START,
        ...(options.maxCount !== undefined && { maxCount: options.maxCount }),
      })) {
        const event = toRecorded(resolved);
        if (event) out.push(event);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion?: ExpectedVersion): Promise<AppendResult> {
    const [append] = prepareAppends([{ streamId, events, expectedVersion }]);
    if (!append) throw new Error(`prepareAppends returned nothing for ${streamId}`);
    return this.append(append);
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const append of prepareAppends(appends)) results.push(await this.append(append));
    return results;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const after = options.after ?? '';
    const from = decode(after);
    const out: RecordedEvent[] = [];
    // fromPosition is inclusive: ask for one more and drop the event at the checkpoint itself.
    for await (const resolved of this.client.readAll({
      fromPosition: from ?? START,
      ...(options.maxCount !== undefined && { maxCount: options.maxCount + (from ? 1 : 0) }),
      filter: excludeSystemEvents(),
    })) {
      const event = toRecorded(resolved);
      if (event && event.checkpoint > after) out.push(event);
    }
    return options.maxCount === undefined ? out : out.slice(0, options.maxCount);
  }

  async headCheckpoint(): Promise<string> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      return toRecorded(resolved)?.checkpoint ?? '';
    }
    return '';
  }

  /** A catch-up subscription to $all, resubscribed from the last handled checkpoint when dropped. */
  subscribe(options: SubscribeOptions): Subscription {
    decode(options.after);
    const stopping = new AbortController();
    const batchSize = options.batchSize ?? 500;
    const onError = options.onError ?? ((err: unknown) => console.error('KurrentDB subscription failed', err));
    let live: AllStreamSubscription | null = null;

    const run = async (): Promise<void> => {
      let checkpoint = options.after ?? '';
      let failures = 0;
      while (!stopping.signal.aborted) {
        const sub = this.client.subscribeToAll({
          fromPosition: decode(checkpoint) ?? START,
          filter: excludeSystemEvents(),
        });
        live = sub;
        try {
          for await (const first of sub as AsyncIterable<AllStreamResolvedEvent>) {
            // Hand over whatever is already buffered with the first event, up to batchSize.
            const raw: AllStreamResolvedEvent[] = [first];
            while (raw.length < batchSize && sub.readableLength > 0) raw.push(sub.read() as AllStreamResolvedEvent);
            const batch = raw
              .map(toRecorded)
              .filter((e): e is RecordedEvent => e !== null && e.checkpoint > checkpoint);
            const last = batch.at(-1);
            if (last) {
              try {
                await options.handler(batch);
              } catch (err) {
                return onError(err);
              }
              checkpoint = last.checkpoint;
              failures = 0;
            }
            if (stopping.signal.aborted) return;
          }
        } catch (err) {
          if (stopping.signal.aborted) return;
          if (++failures >= MAX_RESUBSCRIBE_FAILURES) return onError(err);
        } finally {
          await sub.unsubscribe().catch(() => undefined);
        }
        // Dropped (error or server-side end): back off, then resume from the checkpoint.
        if (!stopping.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** failures));
      }
    };

    const done = run().catch(onError);
    const subscription: Subscription = {
      done,
      stop: async () => {
        stopping.abort();
        await live?.unsubscribe().catch(() => undefined);
        await done;
      },
    };
    this.subscriptions.add(subscription);
    void done.then(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }

  private async append(append: PreparedAppend): Promise<AppendResult> {
    let next: bigint;
    try {
      const result = await this.client.appendToStream(
        append.streamId,
        append.events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata })),
        { streamState: toStreamState(append.expectedVersion) },
      );
      next = result.nextExpectedRevision;
    } catch (err) {
      if (err instanceof KurrentWrongExpectedVersionError) {
        const actual = err.actualState === NO_STREAM ? -1 : Number(err.actualState);
        throw new WrongExpectedVersionError(append.streamId, append.expectedVersion, actual);
      }
      throw err;
    }
    // The append result gives one position for the whole write; read the events back so each
    // carries its own exact checkpoint (read-your-writes waits on the last one).
    const first = Number(next) - append.events.length + 1;
    const events = await this.readStream(append.streamId, { fromVersion: first, maxCount: append.events.length });
    const last = events.at(-1);
    if (!last) throw new Error(`${append.streamId}: the events just appended could not be read back`);
    return {
      streamId: append.streamId,
      nextExpectedVersion: Number(next),
      checkpoint: last.checkpoint,
      events,
    };
  }
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const e = resolved.event;
  // Only our own events: links and system events ($-prefixed types) are not part of the log we expose.
  if (!e || e.type.startsWith('$')) return null;
  const metadata = e.metadata instanceof Uint8Array ? JSON.parse(Buffer.from(e.metadata).toString('utf8')) : e.metadata;
  return {
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: metadata as EventMetadata,
    streamId: e.streamId,
    streamVersion: Number(e.revision),
    // Servers before 22.6 leave the position out of stream reads.
    checkpoint: e.position ? encode(e.position) : '',
  };
}
