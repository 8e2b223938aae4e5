/**
 * The one SQL seam shared by the PostgreSQL and embedded (PGlite) adapters, so the event store and
 * read store are written once and run on both engines with the same statements.
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface SqlExecutor {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface TransactionOptions {
  /**
   * false: COMMIT returns without waiting for the disk (synchronous_commit off). A crash may then
   * lose the transaction whole, never part of it: for writes that can be made again from the event
   * log, such as a projection batch with its checkpoint.
   */
  durable?: boolean;
}

export interface SqlClient extends SqlExecutor {
  readonly engine: 'postgres' | 'pglite';
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** LISTEN on a channel; resolves to an unlisten function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Opens this many pooled connections now (engines with a pool; PGlite has one connection). */
  warm?(connections: number): Promise<void>;
  close(): Promise<void>;
}

/** Quotes an identifier built from our own names (collections, schemas). Rejects anything unexpected. */
export function ident(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return `"${name}"`;
}

// Catalog collisions of concurrent "IF NOT EXISTS" DDL: unique_violation, duplicate_object,
// duplicate_table. Running it again then finds the object there.
const DDL_RACE_CODES = new Set(['23505', '42710', '42P07']);

/**
 * Runs idempotent DDL, again if another process creating the same objects at the same moment made
 * it collide inside PostgreSQL's catalog (IF NOT EXISTS does not lock against that).
 */
export async function retryDdlRace<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= attempts || !DDL_RACE_CODES.has((err as { code?: string }).code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 20 * i));
    }
  }
}
