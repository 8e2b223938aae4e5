import { PGlite } from '@electric-sql/pglite';

import { lockDataDir } from './data-dir-lock';
import { copyFreshCluster, freshClusterTemplate, isNewCluster, saveTemplate } from './pglite-template';
import { ident, type QueryResult, type SqlClient, type SqlExecutor, type TransactionOptions } from './sql-client';

/**
 * PostgreSQL's own default of 128 MB of shared buffers, once filled (the seed does), stays in the
 * WASM memory for good: it cannot shrink. The embedded app's data is tens of MB and the pages
 * evicted from 16 MB are read back from the operating system's page cache. Idle embedded app after
 * the seed: 640-740 MB resident before, 330 with this and the allocator settings of
 * scripts/app-env.mjs (docs/performance.md, bench:idle).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Embedded PostgreSQL (WASM). One connection, so statements are serialised; transactions are
 * queued behind each other by PGlite itself.
 */
export class PGliteSqlClient implements SqlClient {
  readonly engine = 'pglite' as const;
  private constructor(
    private readonly db: PGlite,
    private readonly unlock: () => void,
  ) {}

  /** dataDir undefined = in memory. A directory is locked to this process until close(). */
  static async open(dataDir?: string): Promise<PGliteSqlClient> {
    const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
    try {
      const fresh = isNewCluster(dataDir);
      const copied = fresh && dataDir !== undefined && (await copyFreshCluster(dataDir));
      const template = fresh && !copied ? freshClusterTemplate() : undefined;
      const options = { startParams: START_PARAMS, ...(template ? { loadDataDir: template } : {}) };
      const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
      await db.waitReady;
      if (fresh && !copied && !template) await saveTemplate(db);
      return new PGliteSqlClient(db, unlock);
    } catch (err) {
      unlock();
      throw err;
    }
  }

  async query<R = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<QueryResult<R>> {
    const res = await this.db.query<R>(text, normalise(params));
    return { rows: res.rows.map(fixInt8) as R[], rowCount: res.affectedRows ?? res.rows.length };
  }

  // Durability options do not apply: the embedded engine's commits are in-process anyway.
  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, _options?: TransactionOptions): Promise<T> {
    return this.db.transaction(async (t) => {
      const tx: SqlExecutor = {
        query: async <R>(text: string, params: unknown[] = []) => {
          const res = await t.query<R>(text, normalise(params));
          return { rows: res.rows.map(fixInt8) as R[], rowCount: res.affectedRows ?? res.rows.length };
        },
      };
      return fn(tx);
    });
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    ident(channel);
    return this.db.listen(channel, onNotify);
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
    this.unlock();
  }
}

// PGlite returns int8 as bigint; the pg adapter returns numbers. Keep one shape for both.
function fixInt8<R>(row: R): R {
  const r = row as Record<string, unknown>;
  for (const k of Object.keys(r)) if (typeof r[k] === 'bigint') r[k] = Number(r[k]);
  return row;
}

function normalise(params: unknown[]): unknown[] {
  return params.map((p) => (typeof p === 'bigint' ? p.toString() : p));
}
