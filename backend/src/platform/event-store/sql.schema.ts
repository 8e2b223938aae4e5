import { ident } from '../sql/sql-client';

/** Qualified names of the event store's objects, in `schema` or (when absent) on the search_path. */
export interface SqlEventStoreNames {
  schema: string | null;
  events: string;
  streams: string;
  append: string;
  appendOne: string;
  appendEach: string;
}

export function sqlEventStoreNames(schema?: string): SqlEventStoreNames {
  const q = (name: string) => (schema ? `${ident(schema)}.${ident(name)}` : ident(name));
  return {
    schema: schema ?? null,
    events: q('es_events'),
    streams: q('es_streams'),
    append: q('es_append'),
    appendOne: q('es_append_one'),
    appendEach: q('es_append_each'),
  };
}

/** SQLSTATE raised by es_append when a stream is not at the expected version. */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'DCWEV';

// Seeds keep our advisory lock keys apart from other users of advisory locks (projection owners).
const STREAM_LOCK_SEED = 7_110_001;
const MIGRATE_LOCK_KEY = 7_110_002;

/** PL/pgSQL: takes every stream lock of p_appends (a jsonb array of appends), in one global order. */
const lockStreams = () => `FOR v_key IN
    SELECT DISTINCT hashtextextended(a->>'streamId', ${STREAM_LOCK_SEED}) AS k
    FROM jsonb_array_elements(p_appends) a ORDER BY k
  LOOP
    PERFORM pg_advisory_xact_lock(v_key);
  END LOOP;`;

/**
 * PL/pgSQL: true when a stream at version `current` (NULL: no such stream) is not at `expected`
 * ('any', 'no_stream', 'stream_exists' or a version). A version never matches a missing stream.
 */
const versionMismatch = (current: string, expected: string) => `NOT (${expected} = 'any'
      OR (${expected} = 'no_stream' AND ${current} IS NULL)
      OR (${expected} = 'stream_exists' AND ${current} IS NOT NULL)
      OR (${expected} ~ '^[0-9]+$' AND coalesce(${current}, -1) = ${expected}::bigint))`;

/**
 * PL/pgSQL: writes v_events (a jsonb array) to v_stream after version v_current (NULL: a new
 * stream), leaving the last version written in v_current and the positions in v_positions, and
 * sets the stream's version row. A single event is a plain VALUES insert (cheaper than a set query).
 */
const writeEvents = (n: SqlEventStoreNames) => `v_current := coalesce(v_current, -1);
    IF jsonb_array_length(v_events) = 1 THEN
      INSERT INTO ${n.events} (event_id, stream_id, stream_version, type, data, metadata)
      VALUES ((v_events->0->>'id')::uuid, v_stream, v_current + 1, v_events->0->>'type', v_events->0->'data',
              v_events->0->'metadata')
      RETURNING jsonb_build_array(position), stream_version INTO v_positions, v_current;
    ELSE
      WITH inserted AS (
        INSERT INTO ${n.events} (event_id, stream_id, stream_version, type, data, metadata)
        SELECT (e->>'id')::uuid, v_stream, v_current + x.i, e->>'type', e->'data', e->'metadata'
        FROM jsonb_array_elements(v_events) WITH ORDINALITY AS x(e, i)
        ORDER BY x.i
        RETURNING stream_version, position
      )
      SELECT jsonb_agg(position ORDER BY stream_version), max(stream_version) INTO v_positions, v_current FROM inserted;
    END IF;
    INSERT INTO ${n.streams} (stream_id, version) VALUES (v_stream, v_current)
    ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version;`;

/** Idempotent DDL; safe to run from several processes at once (they queue on one advisory lock). */
export function migrationStatements(n: SqlEventStoreNames): string[] {
  return [
    `SELECT pg_advisory_xact_lock(${MIGRATE_LOCK_KEY})`,
    ...(n.schema ? [`CREATE SCHEMA IF NOT EXISTS ${ident(n.schema)}`] : []),
    `CREATE TABLE IF NOT EXISTS ${n.streams} (
       stream_id text PRIMARY KEY,
       version bigint NOT NULL
     )`,
    `CREATE TABLE IF NOT EXISTS ${n.events} (
       position bigserial PRIMARY KEY,
       transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
       event_id uuid NOT NULL UNIQUE,
       stream_id text NOT NULL,
       stream_version bigint NOT NULL,
       type text NOT NULL,
       data jsonb NOT NULL,
       metadata jsonb NOT NULL,
       UNIQUE (stream_id, stream_version)
     )`,
    // The subscription order: see readAll in sql.event-store.ts.
    `CREATE INDEX IF NOT EXISTS es_events_transaction_position ON ${n.events} (transaction_id, position)`,
    appendFunction(n),
    appendOneFunction(n),
    appendEachFunction(n),
  ];
}

/**
 * es_append(appends jsonb) -> jsonb: the whole append (one or several streams) in one statement,
 * so one round trip and, outside an explicit transaction, one implicit transaction.
 *
 * Input:  [{ "streamId", "expected": "any"|"no_stream"|"stream_exists"|"<n>", "events": [{ "id", "type", "data", "metadata" }, ...] }]
 *         (every stream with at least one event)
 * Output: { "tx": "<xid8>", "results": [{ "version": <last version written>, "positions": [<one per event>] }] }
 *
 * Per-stream order in the subscribers' (transaction_id, position) order relies on one rule: a writer
 * that waits for another writer of the same stream must get a larger transaction id. Ids are
 * assigned at a transaction's first write, so every stream of the call is locked before anything
 * is written; a writer that waited then takes its id after the one it waited for has committed.
 * Locking stream rows one by one (SELECT ... FOR UPDATE) would break the rule in a multi-stream
 * append, which already holds an id from its first stream when it waits on the second. Advisory
 * locks also cover streams that have no row yet (two writers racing to create a stream queue, and
 * the second sees the first's version), and are taken in one global order (no deadlocks).
 * The unique (stream_id, stream_version) constraint stays as the last line of defence.
 */
function appendFunction(n: SqlEventStoreNames): string {
  return appendLoopFunction(
    n.append,
    n,
    `RAISE EXCEPTION USING
        ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}',
        MESSAGE = format('wrong expected version on stream %s', v_stream),
        DETAIL = jsonb_build_object('index', v_index - 1, 'actual', coalesce(v_current, -1))::text;`,
  );
}

/**
 * The body es_append and es_append_each share: lock every stream, then append after append, each
 * version checked; `onMismatch` is what a stream at another version than expected does.
 */
function appendLoopFunction(name: string, n: SqlEventStoreNames, onMismatch: string): string {
  return `CREATE OR REPLACE FUNCTION ${name}(p_appends jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE
  v_key bigint;
  v_append jsonb;
  v_index bigint;
  v_stream text;
  v_expected text;
  v_events jsonb;
  v_current bigint;
  v_positions jsonb;
  v_results jsonb := '[]'::jsonb;
BEGIN
  ${lockStreams()}

  FOR v_append, v_index IN SELECT a, i FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS x(a, i) ORDER BY i
  LOOP
    v_stream := v_append->>'streamId';
    v_expected := v_append->>'expected';
    v_events := v_append->'events';
    v_current := NULL;
    SELECT version INTO v_current FROM ${n.streams} WHERE stream_id = v_stream;
    IF ${versionMismatch('v_current', 'v_expected')} THEN
      ${onMismatch}
    END IF;
    ${writeEvents(n)}
    v_results := v_results || jsonb_build_array(jsonb_build_object('version', v_current, 'positions', v_positions));
  END LOOP;
  RETURN jsonb_build_object('tx', pg_current_xact_id()::text, 'results', v_results);
END
$fn$`;
}

/**
 * es_append_one(stream text, expected text, events jsonb) -> jsonb: es_append for the common case,
 * one stream (a command's append), same output and the same locking rule.
 *
 * Why a second function: es_append runs its steps as set queries over the input array (distinct
 * lock keys, the ordinality loop), each a full executor start in plpgsql; for one stream those are
 * avoidable: here the lock is a plain expression and there is no loop. Measured (when es_append
 * also inserted a single event from jsonb_array_elements, which writeEvents no longer does)
 * on the dev machine with one connection, backend CPU per single-event append fell from
 * 213-287 us to 153-163 us (a bare one-row insert: 43-67 us); see docs/performance.md.
 */
function appendOneFunction(n: SqlEventStoreNames): string {
  return `CREATE OR REPLACE FUNCTION ${n.appendOne}(p_stream text, p_expected text, p_events jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE
  v_stream text;
  v_events jsonb;
  v_current bigint;
  v_positions jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, ${STREAM_LOCK_SEED}));
  SELECT version INTO v_current FROM ${n.streams} WHERE stream_id = p_stream;
  IF ${versionMismatch('v_current', 'p_expected')} THEN
    RAISE EXCEPTION USING
      ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}',
      MESSAGE = format('wrong expected version on stream %s', p_stream),
      DETAIL = jsonb_build_object('index', 0, 'actual', coalesce(v_current, -1))::text;
  END IF;
  v_stream := p_stream;
  v_events := p_events;
  ${writeEvents(n)}
  RETURN jsonb_build_object('tx', pg_current_xact_id()::text,
    'results', jsonb_build_array(jsonb_build_object('version', v_current, 'positions', v_positions)));
END
$fn$`;
}

/**
 * es_append_each(appends jsonb) -> jsonb: several independent single-stream appends (the store's
 * AppendBatcher gathers them from concurrent commands) in one statement and one commit.
 *
 * Input as es_append's. Unlike es_append, a stream at another version than expected does not fail
 * the call: its result is `{ "actual": <version or -1> }`, nothing is written for it, and the others
 * go on; any other error fails the whole call (nothing is written). Appends to one stream in one call
 * apply in input order, each seeing the version the previous one left. Locks as in es_append: every
 * stream's lock is taken, in one global order, before anything is written.
 *
 * Why: on the 2-core machine, pgbench with 16 clients (PostgreSQL 15, fsync on) committed 15,900
 * one-row inserts/s, 8,950 es_append_one calls/s, and 18,400 appends/s as batches of four: the
 * per-call and per-commit work (executor start, WAL flush, transaction bookkeeping) is shared.
 */
function appendEachFunction(n: SqlEventStoreNames): string {
  return appendLoopFunction(
    n.appendEach,
    n,
    `v_results := v_results || jsonb_build_array(jsonb_build_object('actual', coalesce(v_current, -1)));
      CONTINUE;`,
  );
}
