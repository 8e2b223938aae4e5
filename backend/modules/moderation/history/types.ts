import type { AuditView, Erased, HistoryMedia } from '@contract';

import type { DomainEvent } from '../../../src/platform/decider/decider';

export type { AuditView, Erased, HistoryMedia };

export const ERASED: Erased = 'erased';

/** An event as a view folds it: its stream version and the time it happened travel with it. */
export type SeenEvent<E extends DomainEvent = DomainEvent> = E & { version: number; time: string };

/** Sealed personal data once the query opened it: the fields, or a mark that the key is gone. */
export type Opened<P> = P | { unreadable: true };

export const isUnreadable = <P extends object>(p: Opened<P>): p is { unreadable: true } =>
  'unreadable' in p && p.unreadable === true;

/** An event whose `sealed` blob the query replaced with `personal` (the fold never sees a key). */
export type Unsealed<E extends DomainEvent, P> = E extends { type: infer T; data: infer D }
  ? D extends { sealed: string }
    ? { type: T; data: Omit<D, 'sealed'> & { personal: Opened<P> } }
    : E
  : never;

/** A media item's addresses as the media read side gives them (absent: not processed or gone). */
export interface MediaLinks {
  url: string;
  thumbnailUrl: string | null;
}

/**
 * What a view needs besides its own stream, loaded by the query so the fold stays pure. `related`
 * holds other streams' events up to the time of the version shown (a post's poll votes, a
 * conversation's messages).
 */
export interface ViewContext {
  /** When the owner's personal-data key was shredded (their account's deletion); null while readable. */
  erasedAt: string | null;
  /** A message stream: when its recipient first reported it (null: never, so its text is withheld). */
  reportedAt: string | null;
  related: readonly SeenEvent[];
  media: ReadonlyMap<string, MediaLinks>;
}

export const emptyContext = (over: Partial<ViewContext> = {}): ViewContext => ({
  erasedAt: null,
  reportedAt: null,
  related: [],
  media: new Map(),
  ...over,
});

/** What each kind's query loads for its context. */
export type ContextNeed = 'erasure' | 'report' | 'pollVotes' | 'messages' | 'media';

/** A member-visible view of one stream kind: a pure fold of its events (null before its first event). */
export interface HistoryView<V extends AuditView = AuditView, E extends DomainEvent = DomainEvent> {
  needs: readonly ContextNeed[];
  fold(events: readonly SeenEvent<E>[], ctx: ViewContext): V | null;
  /** Media ids the view shows, for the query to look up (from the same events). */
  mediaIds?(events: readonly SeenEvent<E>[]): string[];
}

/** The stable address of a file whose read-side document is missing, as social's post cards use. */
export function mediaOf(ref: { id: string; kind: HistoryMedia['kind'] }, links: ViewContext['media']): HistoryMedia {
  const known = links.get(ref.id);
  const fallback = ref.kind === 'video' ? `/media/${ref.id}/video.mp4` : `/media/${ref.id}`;
  return { id: ref.id, kind: ref.kind, url: known?.url ?? fallback, thumbnailUrl: known?.thumbnailUrl ?? null };
}
