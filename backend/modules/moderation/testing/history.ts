import type { DomainEvent } from '../../../src/platform/decider/decider';
import type { SeenEvent } from '../history/types';

/** Minute `i` of a fixed day, so that events and related events order by time in the view tests. */
export const minute = (i: number) => new Date(Date.UTC(2026, 10, 29, 9, i)).toISOString();

/** A stream's events as the log records them: version i at minute i. */
export const given = <E extends DomainEvent>(events: E[]): SeenEvent<E>[] =>
  events.map((e, i) => ({ ...e, version: i, time: minute(i) }));

/** The first `n + 1` events: the stream as of version n. */
export const upTo = <E extends DomainEvent>(events: SeenEvent<E>[], n: number) => events.slice(0, n + 1);
