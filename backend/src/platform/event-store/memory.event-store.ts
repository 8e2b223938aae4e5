import { prepareAppends, satisfiesExpectedVersion } from './append-input';
import { WrongExpectedVersionError } from './errors';
import type {
  AppendResult,
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
import { startPollingSubscription } from './polling-subscription';
import { Wakeup } from './wakeup';

/** Checkpoint = 1-based global position, zero-padded so that it sorts as text. */
const toCheckpoint = (position: number): string => String(position).padStart(20, '0');

function parseCheckpoint(checkpoint: string | undefined): number {
  if (!checkpoint) return 0;
  if (!/^\d{20}$/.test(checkpoint)) throw new TypeError(`Not a checkpoint of the in-memory event store: ${checkpoint}`);
  return Number(checkpoint);
}

/** The event store for unit tests and throwaway runs: one process, nothing persisted. */
export class MemoryEventStore implements EventStore {
  readonly engine = 'memory';
  readonly atomicMultiStreamAppend = true;
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly wakeup = new Wakeup();
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const from = options.fromVersion ?? 0;
    const events = this.streams.get(streamId) ?? [];
    return structuredClone(events.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount));
  }

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion?: ExpectedVersion): Promise<AppendResult> {
    const [result] = await this.appendToStreams([{ streamId, events, expectedVersion }]);
    if (!result) throw new Error(`append to ${streamId} gave no result`);
    return result;
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    this.assertOpen();
    const prepared = prepareAppends(appends);
    // Check everything before writing anything: the whole call is all or nothing.
    const versions = new Map<string, number>();
    for (const a of prepared) {
      const current = versions.get(a.streamId) ?? this.version(a.streamId);
      if (!satisfiesExpectedVersion(a.expectedVersion, current)) {
        throw new WrongExpectedVersionError(a.streamId, a.expectedVersion, current);
      }
      versions.set(a.streamId, current + a.events.length);
    }
    const results = prepared.map((a): AppendResult => {
      const stream = this.streams.get(a.streamId) ?? [];
      this.streams.set(a.streamId, stream);
      const recorded = a.events.map((e): RecordedEvent => {
        const event = {
          ...e,
          streamId: a.streamId,
          streamVersion: stream.length,
          checkpoint: toCheckpoint(this.log.length + 1),
        };
        stream.push(event);
        this.log.push(event);
        return event;
      });
      const last = recorded.at(-1);
      if (!last) throw new Error(`No events to append to ${a.streamId}`);
      return {
        streamId: a.streamId,
        nextExpectedVersion: stream.length - 1,
        checkpoint: last.checkpoint,
        events: structuredClone(recorded),
      };
    });
    this.wakeup.notify();
    return results;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.readAfter(options.after, options.maxCount);
  }

  async headCheckpoint(): Promise<string> {
    this.assertOpen();
    return this.log.length ? toCheckpoint(this.log.length) : '';
  }

  subscribe(options: SubscribeOptions): Subscription {
    this.assertOpen();
    parseCheckpoint(options.after);
    const sub = startPollingSubscription(
      {
        // Every append is readable at once: nothing is ever held back.
        read: async (after, maxCount) => ({ events: this.readAfter(after, maxCount), heldBack: false }),
        wakeup: this.wakeup,
      },
      options,
    );
    this.subscriptions.add(sub);
    void sub.done.then(() => this.subscriptions.delete(sub));
    return sub;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }

  private readAfter(after: string | undefined, maxCount: number | undefined): RecordedEvent[] {
    const from = parseCheckpoint(after);
    return structuredClone(this.log.slice(from, maxCount === undefined ? undefined : from + maxCount));
  }

  private version(streamId: string): number {
    return (this.streams.get(streamId)?.length ?? 0) - 1;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }
}
