import { newId } from '../ids';
import type { EventMetadata, ExpectedVersion, StreamAppend } from './event-store.port';

/** An event ready to be written: id, metadata defaults and JSON-safe data filled in. */
export interface PreparedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface PreparedAppend {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: PreparedEvent[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Validates appends and fills the defaults every adapter must agree on, so that the audit history
 * looks the same whichever engine wrote it. Events of one call share one occurredAt and, unless
 * given, one correlation id: the first event's, or its id when it has none (the root of a chain).
 * Every stream gets at least one event: a command that decided nothing has nothing to append.
 */
export function prepareAppends(appends: StreamAppend[], now: Date = new Date()): PreparedAppend[] {
  const occurredAt = now.toISOString();
  let correlationId: string | undefined;
  return appends.map(({ streamId, events, expectedVersion = 'any' }) => {
    if (typeof streamId !== 'string' || streamId.length === 0)
      throw new TypeError('streamId must be a non-empty string');
    assertExpectedVersion(expectedVersion);
    if (!Array.isArray(events) || events.length === 0) throw new TypeError(`No events to append to ${streamId}`);
    return {
      streamId,
      expectedVersion,
      events: events.map((e) => {
        if (typeof e.type !== 'string' || e.type.length === 0)
          throw new TypeError(`Event type must be a non-empty string (stream ${streamId})`);
        const id = e.id ?? newId();
        if (!UUID.test(id)) throw new TypeError(`Event id must be a UUID: ${id}`);
        const m = e.metadata ?? {};
        correlationId ??= m.correlationId ?? id;
        return {
          id,
          type: e.type,
          // Every engine stores JSON: normalise here so the in-memory store behaves like the others.
          data: e.data === undefined ? null : JSON.parse(JSON.stringify(e.data)),
          metadata: JSON.parse(
            JSON.stringify({
              ...m,
              actor: m.actor ?? null,
              occurredAt: m.occurredAt ?? occurredAt,
              correlationId: m.correlationId ?? correlationId,
              causationId: m.causationId ?? null,
              requestId: m.requestId ?? null,
            }),
          ) as EventMetadata,
        };
      }),
    };
  });
}

function assertExpectedVersion(v: ExpectedVersion): void {
  if (v === 'no_stream' || v === 'stream_exists' || v === 'any') return;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return;
  throw new TypeError(`Invalid expected version: ${String(v)}`);
}

/** Whether a stream currently at `current` (-1 = no stream) satisfies the expected version. */
export function satisfiesExpectedVersion(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === -1;
  if (expected === 'stream_exists') return current !== -1;
  return expected === current;
}
