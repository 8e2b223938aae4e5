import { Pool, type PoolClient, types } from 'pg';

import {
  ident,
  type QueryResult,
  retryDdlRace,
  type SqlClient,
  type SqlExecutor,
  type TransactionOptions,
} from './sql-client';
import { StatementNames } from './statement-names';

// int8 as JS number: our positions and versions stay far below 2^53.
types.setTypeParser(20, (v) => Number(v));

export interface PgSqlClientOptions {
  connectionString: string;
  /** Every connection uses this schema first (created when missing): isolates tests and tenants. */
  schema?: string | undefined;
  max?: number | undefined;
  /**
   * Keep repeated statements prepared on each connection (default). Off behind a pooler in
   * transaction mode that cannot carry a prepared statement from one transaction to the next.
   */
  preparedStatements?: boolean | undefined;
}

export class PgSqlClient implements SqlClient {
  readonly engine = 'postgres' as const;
  private readonly pool: Pool;
  private listener: PoolClient | null = null;
  private closed = false;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private ready: Promise<void>;
  private readonly statements: StatementNames | null;

  constructor(private readonly options: PgSqlClientOptions) {
    const schema = options.schema;
    this.pool = new Pool({
      connectionString: options.connectionString,
      max: options.max ?? 20,
      // Opening a connection costs a PostgreSQL backend start: connections a burst needed stay for a
      // minute (not pg's 10 s), so the next burst does not pay that again; a few stay for good.
      idleTimeoutMillis: 60_000,
      min: 4,
      // The schema alone, not "schema, public": a process that outlives its schema (a test's runner
      // after the test dropped it) must fail, not create its tables in public for others to read.
      options: schema ? `-c search_path=${schema}` : undefined,
    });
    // An idle client that loses its server must not crash the process.
    this.pool.on('error', () => undefined);
    this.ready = schema ? createSchema(this.pool, schema) : Promise.resolve();
    this.statements = options.preparedStatements === false ? null : new StatementNames();
  }

  /**
   * A parameterised statement, named once it has repeated (statement-names.ts). Unnamed ones go as
   * text and values: pg copies a config object property by property on every call.
   */
  private send(target: { query: Pool['query'] }, text: string, params: unknown[]) {
    const name = params.length > 0 ? this.statements?.nameFor(text) : undefined;
    return name === undefined ? target.query(text, params) : target.query({ name, text, values: params });
  }

  async query<R = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<QueryResult<R>> {
    await this.ready;
    const res = await this.send(this.pool, text, params);
    return { rows: res.rows as R[], rowCount: res.rowCount ?? 0 };
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    await this.ready;
    const client = await this.pool.connect();
    // A connection lost between two statements is reported on the client: without a listener it
    // would crash the process; the next statement fails and the transaction answers that instead.
    const lost = () => undefined;
    client.on('error', lost);
    const release = () => {
      client.off('error', lost);
      client.release();
    };
    const tx: SqlExecutor = {
      query: async <R>(text: string, params: unknown[] = []) => {
        const res = await this.send(client, text, params);
        return { rows: res.rows as R[], rowCount: res.rowCount ?? 0 };
      },
    };
    try {
      // One round trip for both statements (simple query protocol, no parameters).
      await client.query(options.durable === false ? 'BEGIN; SET LOCAL synchronous_commit TO OFF' : 'BEGIN');
      const result = await fn(tx);
      await client.query('COMMIT');
      release();
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      release();
      throw err;
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    await this.ready;
    const listener = this.listener ?? (await this.connectListener());
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      await listener.query(`LISTEN ${ident(channel)}`);
    }
    set.add(onNotify);
    return async () => {
      set!.delete(onNotify);
    };
  }

  /**
   * Opens `connections` pool connections at once and runs a statement on each, before the process
   * takes traffic: otherwise the first burst after a start pays a PostgreSQL backend start (and its
   * empty catalog caches) per connection, one after another as the pool grows. They stay open while
   * used (idleTimeoutMillis) and the pool keeps `min` of them for good.
   */
  async warm(connections: number): Promise<void> {
    await this.ready;
    // Every client is held until all are open, so asking for more than the pool holds (less the
    // LISTEN connection, held for good) would wait forever: a start with a small DATABASE_POOL_MAX hung.
    const max = this.options.max ?? 20;
    const opening = Math.max(0, Math.min(connections, max - (this.listener ? 1 : 0)));
    const clients = await Promise.all(Array.from({ length: opening }, () => this.pool.connect()));
    try {
      await Promise.all(clients.map((c) => c.query('SELECT 1')));
    } finally {
      for (const c of clients) c.release();
    }
  }

  private async connectListener(): Promise<PoolClient> {
    const listener = await this.pool.connect();
    this.listener = listener;
    listener.on('notification', (msg) => {
      this.channels.get(msg.channel)?.forEach((cb) => cb(msg.payload ?? ''));
    });
    // The server went away: without this listener the error would crash the process. Subscribers
    // poll meanwhile; LISTEN is taken up again once the database answers.
    listener.on('error', () => {
      if (this.listener !== listener) return;
      this.listener = null;
      listener.release(true);
      this.relistenSoon();
    });
    return listener;
  }

  private relistenSoon() {
    if (this.closed) return;
    setTimeout(async () => {
      if (this.closed || this.listener) return;
      let listener: PoolClient | null = null;
      try {
        listener = await this.connectListener();
        for (const channel of this.channels.keys()) await listener.query(`LISTEN ${ident(channel)}`);
      } catch {
        // A LISTEN refused after connecting: let go of that connection too, then try again later.
        // (Unless its error handler did already.)
        if (listener && (this.listener as PoolClient | null) === listener) {
          this.listener = null;
          listener.release(true);
        }
        this.relistenSoon();
      }
    }, 1000).unref();
  }

  /** Drops the schema this client was created with (tests). */
  async dropSchema(): Promise<void> {
    if (this.options.schema) await this.query(`DROP SCHEMA IF EXISTS ${ident(this.options.schema)} CASCADE`);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.listener) {
      this.listener.release(true);
      this.listener = null;
    }
    await this.pool.end();
  }
}

async function createSchema(pool: Pool, schema: string): Promise<void> {
  await retryDdlRace(() => pool.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`));
}
