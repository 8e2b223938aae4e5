import { newId } from '../ids';
import type { SqlClient } from '../sql';
import { retryDdlRace } from '../sql/sql-client';
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
import { HeadWatch } from './head-watch';
import { LogTail } from './log-tail';
import { type LogRead, startPollingSubscription } from './polling-subscription';
import { SqlAppender } from './sql.appender';
import { encodeSqlCheckpoint, parseSqlCheckpoint } from './sql.checkpoint';
import { CoalescingNotifier } from './sql.notifier';
import { migrationStatements, type SqlEventStoreNames, sqlEventStoreNames } from './sql.schema';
import { Wakeup } from './wakeup';

export interface SqlEventStoreOptions {
  /** Schema holding the tables; default: the client's search_path. */
  schema?: string;
  /**
   * How often, while the store has subscribers, it looks at the log's head for a commit no wake-up
   * announced (head-watch.ts). Default 1 s on PostgreSQL; 10 s on PGlite, whose one process makes
   * every commit and wakes its subscribers itself (the look is a safety net there, and each costs
   * the idle embedded app a few ms of WASM).
   */
  pollIntervalMs?: number;
  /**
   * Cross-process wake-ups (PostgreSQL only; PGlite is one process): notify other processes after
   * appends, and listen while this store has subscriptions. Default true on PostgreSQL.
   */
  crossProcess?: boolean;
  /**
   * Test only: runs inside the append transaction just before COMMIT, to hold transactions open
   * and make commits land out of position order.
   */
  beforeCommit?: () => Promise<void>;
}

interface EventRow {
  position: number;
  tx: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

const COLUMNS =
  'position, transaction_id::text AS tx, event_id::text AS event_id, stream_id, stream_version, type, data, metadata';

// Only transactions older than every transaction still running are read: their events can no
// longer be joined by an earlier-ordered one, which a plain "position > last seen" read cannot
// promise (a transaction holding position 10 may commit after the one holding 11 was read).
// A long transaction anywhere in the cluster delays delivery; it never causes a skip.
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/**
 * The log's reads, after a checkpoint ($1, $2; limit $3) and from the start (limit $1). held_back:
 * whether a commit after the rows is kept back by a still-open older transaction, on the same
 * snapshot as the rows: the newest committed row is not visible yet. Asked as max(transaction_id),
 * one probe at the end of the (transaction_id, position) index whatever the log's size; an
 * EXISTS over "not visible and after the checkpoint" was planned as a scan of the whole table
 * (1.3 ms a read with 10,000 events, 24 ms with 8,000 rows of a cold plan: docs/performance.md).
 * No checkpoint is needed in it: a held-back row is newer than every row a subscriber was given.
 */
function logReads(events: string) {
  const read = (after: string | null, limit: string) => {
    const also = after ? ` AND ${after}` : '';
    return `SELECT ${COLUMNS},
        coalesce((SELECT max(transaction_id) FROM ${events}) >= pg_snapshot_xmin(pg_current_snapshot()), false) AS held_back
      FROM ${events} WHERE ${VISIBLE}${also} ORDER BY transaction_id, position LIMIT ${limit}`;
  };
  return { after: read('(transaction_id, position) > ($1::text::xid8, $2::bigint)', '$3'), start: read(null, '$1') };
}

/**
 * The PostgreSQL and PGlite event store (one set of statements for both). Appends are written by
 * SqlAppender (sql.appender.ts); this class reads the log, follows it for subscribers and wakes them.
 *
 * Ownership: the store borrows the SqlClient it is given and never closes it; whoever created the
 * client closes it, after closing the store. close() stops subscriptions and stops listening.
 *
 * Wake-ups of subscriptions: in-process on every local append; from other processes through
 * LISTEN/NOTIFY (see sql.notifier.ts for why the notify is sent after commit, coalesced); and one
 * look at the log's head every pollIntervalMs as the fallback for anything missed (a dropped
 * listener connection, a commit that became visible only when an older transaction ended).
 *
 * Measured on the 2-core dev machine (PostgreSQL 15, fsync on), 16 writers, single-event appends,
 * 4 s per run, a subscriber reading: no notify at all 4,200-4,600 appends/s; pg_notify inside the
 * append transaction 1,850-1,950 (its commit-time lock serialises the commits); the coalesced
 * notify after commit used here 4,200-4,350.
 */
export class SqlEventStore implements EventStore {
  readonly engine: 'postgres' | 'pglite';
  readonly atomicMultiStreamAppend = true;
  private readonly names: SqlEventStoreNames;
  private readonly logReads: ReturnType<typeof logReads>;
  private readonly wakeup = new Wakeup();
  private readonly tail = new LogTail(
    (after, maxCount) => this.readAfter(after, maxCount),
    () => this.wakeup.generation,
  );
  private readonly subscriptions = new Set<Subscription>();
  private readonly headWatch: HeadWatch;
  private readonly crossProcess: boolean;
  private readonly instanceId = newId();
  private channel: string | null = null;
  private notifier: CoalescingNotifier | null = null;
  private othersListen: () => boolean = () => true;
  private unlisten: Promise<() => Promise<void>> | null = null;
  private closed = false;
  private readonly appender: SqlAppender;

  private constructor(
    private readonly sql: SqlClient,
    options: SqlEventStoreOptions,
  ) {
    this.engine = sql.engine;
    this.names = sqlEventStoreNames(options.schema);
    this.logReads = logReads(this.names.events);
    this.crossProcess = options.crossProcess ?? sql.engine === 'postgres';
    this.appender = new SqlAppender(sql, this.names, () => this.afterCommit(), options.beforeCommit);
    this.headWatch = new HeadWatch({
      head: () => this.headCheckpoint(),
      wakeup: this.wakeup,
      intervalMs: options.pollIntervalMs ?? (sql.engine === 'pglite' ? 10_000 : 1000),
      active: () => !this.closed && this.subscriptions.size > 0,
    });
  }

  /** Creates the tables when missing (idempotent) and returns a ready store. */
  static async create(sql: SqlClient, options: SqlEventStoreOptions = {}): Promise<SqlEventStore> {
    const store = new SqlEventStore(sql, options);
    await store.migrate();
    if (store.crossProcess) await store.setUpNotifications();
    return store;
  }

  /** Idempotent; safe to run from several processes at once. */
  async migrate(): Promise<void> {
    await retryDdlRace(() =>
      this.sql.transaction(async (tx) => {
        for (const statement of migrationStatements(this.names)) await tx.query(statement);
      }),
    );
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    // PostgreSQL text cannot hold U+0000: no stream has such an id, and as a parameter it is an error.
    if (streamId.includes('\u0000')) return [];
    const { rows } = await this.sql.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${this.names.events}
       WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
      [streamId, options.fromVersion ?? 0, options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion?: ExpectedVersion): Promise<AppendResult> {
    const [result] = await this.appendToStreams([{ streamId, events, expectedVersion }]);
    if (!result) throw new Error(`append to ${streamId} gave no result`);
    return result;
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    this.assertOpen();
    return this.appender.append(appends);
  }

  private afterCommit(): void {
    this.wakeup.notify();
    if (this.othersListen()) this.notifier?.signal();
  }

  /**
   * Tells the store when other processes may be following the log (they need a notify after each
   * append). The runtime answers "no" while this process's own runner follows every projector:
   * other processes then have no subscriptions to wake, and a notify per append is a query saved.
   */
  notifyOthersWhile(othersListen: () => boolean): void {
    this.othersListen = othersListen;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return (await this.readAfter(options.after, options.maxCount)).events;
  }

  async headCheckpoint(): Promise<string> {
    this.assertOpen();
    const { rows } = await this.sql.query<{ tx: string; position: number }>(
      `SELECT transaction_id::text AS tx, position FROM ${this.names.events}
       WHERE ${VISIBLE} ORDER BY transaction_id DESC, position DESC LIMIT 1`,
    );
    const [last] = rows;
    return last ? encodeSqlCheckpoint(last.tx, last.position) : '';
  }

  subscribe(options: SubscribeOptions): Subscription {
    this.assertOpen();
    parseSqlCheckpoint(options.after);
    this.startListening();
    const sub = startPollingSubscription(
      {
        read: (after, maxCount) => this.tail.read(after, maxCount),
        wakeup: this.wakeup,
        retryUpToMs: 250,
      },
      options,
    );
    this.subscriptions.add(sub);
    this.headWatch.start();
    void sub.done.then(() => this.subscriptions.delete(sub));
    return sub;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.headWatch.stop();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.notifier?.flush();
    const unlisten = await this.unlisten?.catch(() => null);
    await unlisten?.();
  }

  private async readAfter(after: string | undefined, maxCount: number | undefined): Promise<LogRead> {
    const from = parseSqlCheckpoint(after);
    const { rows } = await this.sql.query<EventRow & { held_back: boolean }>(
      from ? this.logReads.after : this.logReads.start,
      from ? [from.transactionId, from.position, maxCount ?? null] : [maxCount ?? null],
    );
    // No rows, no flag: the subscription reads again after an empty read anyway.
    return { events: rows.map(toRecorded), heldBack: rows[0]?.held_back ?? false };
  }

  private async setUpNotifications(): Promise<void> {
    // One channel per schema, so stores in other schemas of the same database stay quiet.
    const { rows } = await this.sql.query<{ channel: string }>(
      `SELECT 'es_' || left(md5(coalesce($1, current_schema())), 16) AS channel`,
      [this.names.schema],
    );
    const [row] = rows;
    if (!row) throw new Error('the notification channel query returned no row');
    this.channel = row.channel;
    this.notifier = new CoalescingNotifier(this.sql, this.channel, this.instanceId);
  }

  /** Listens once, when the first subscription starts: processes that only append need no listener. */
  private startListening(): void {
    if (!this.channel || this.unlisten) return;
    this.unlisten = this.sql.listen(this.channel, (sender) => {
      if (sender !== this.instanceId) this.wakeup.notify();
    });
    // Without a listener the head watch still finds other processes' commits; nothing else to do.
    this.unlisten.catch(() => undefined);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    checkpoint: encodeSqlCheckpoint(row.tx, Number(row.position)),
  };
}
