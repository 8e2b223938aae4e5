import type { DomainEvent } from '@platform/decider';
import type { RecordedEvent } from '@platform/event-store/event-store.port';

import type { ProjectionContext, Projector } from './projector';

/** A recorded event of the union E, narrowed to one type T: its data is typed by the union. */
export type Recorded<E extends DomainEvent, T extends E['type'] = E['type']> = T extends E['type']
  ? Omit<RecordedEvent, 'type' | 'data'> & { type: T; data: DataOf<E, T> }
  : never;

/**
 * The data of E's events of type T. Not Extract<E, { type: T }>: one member of a union may stand for
 * several types (`{ type: 'PostLiked' | 'PostUnliked'; data: ReactionData }`), and Extract drops it.
 */
type DataOf<E extends DomainEvent, T extends string> =
  E extends DomainEvent<infer Types, infer Data> ? (T extends Types ? Data : never) : never;

/** One handler per event type of the union: the projector handles exactly these types. */
export type EventHandlers<E extends DomainEvent> = {
  [T in E['type']]: (event: Recorded<E, T>, ctx: ProjectionContext) => Promise<void> | void;
};

export interface ProjectorDefinition<E extends DomainEvent> extends Omit<Projector, 'handles' | 'handle' | 'prefetch'> {
  on: EventHandlers<E>;
  prefetch?(events: Recorded<E>[]): Record<string, string[]>;
  /** Runs after every event's own handler, in the same batch (e.g. stage what its change means for open screens). */
  afterEach?(event: Recorded<E>, ctx: ProjectionContext): Promise<void> | void;
}

/**
 * A projector typed by the union of events it handles: `handles` is the union's types, read off
 * the handler table, and each handler receives its event with typed data (no casts in projectors).
 *
 *   export const videoFeedProjector = defineProjector<MediaEvent | PostEvent>({ name, version, collections, on: { ... } });
 */
export function defineProjector<E extends DomainEvent>(definition: ProjectorDefinition<E>): Projector {
  const { on, prefetch, afterEach, ...rest } = definition;
  const handlers = on as unknown as Record<
    string,
    (event: Recorded<E>, ctx: ProjectionContext) => Promise<void> | void
  >;
  // The runner only hands a projector the types it listed, so every event here is one of E.
  const typed = (event: RecordedEvent) => event as unknown as Recorded<E>;
  return {
    ...rest,
    handles: Object.keys(handlers),
    ...(prefetch ? { prefetch: (events: RecordedEvent[]) => prefetch(events.map(typed)) } : {}),
    async handle(event, ctx) {
      await handlers[event.type]!(typed(event), ctx);
      if (afterEach) await afterEach(typed(event), ctx);
    },
  };
}

/** The events of a union whose type is one of T (a projector that follows part of another context's events). */
export type EventsOf<E extends DomainEvent, T extends E['type']> = T extends E['type']
  ? { type: T; data: DataOf<E, T> }
  : never;
