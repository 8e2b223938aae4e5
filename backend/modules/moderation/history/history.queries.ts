import type { AuditStreamDiff, AuditStreamState, AuditView } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import type { ReadModels } from '@platform/read-models';
import { EVENT_STORE, PERSONAL_DATA_VAULT, READ_MODELS } from '@platform/tokens';

import { replay, type Replayer, replayerOf, streamKind } from '../domain/stream-deciders';
import { MODERATION_MESSAGES as M } from '../limits';
import { openSealed } from '../queries/personal-data';
import {
  conversationMessages,
  erasureTime,
  mediaLinks,
  messageReportedAt,
  pollVotes,
  sealedOwnerOf,
  seen,
  streamSubject,
} from './context';
import { diffViews } from './diff';
import { historyViewOf } from './registry';
import { emptyContext, type HistoryView, type SeenEvent, type ViewContext } from './types';

/** `at`, `from`, `to`: a whole number written plainly (no sign, exponent or fraction). */
const VERSION = /^\d{1,15}$/;
/** An ISO-8601 date and time with its offset (a bare date or local time would be read differently per server). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function versionParam(value: string | null, message: string): number | null {
  if (value === null) return null;
  if (!VERSION.test(value)) throw new DomainError('VALIDATION_FAILED', message, 400);
  return Number(value);
}

function timeParam(value: string | null): number | null {
  if (value === null) return null;
  const ms = ISO_TIME.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) throw new DomainError('VALIDATION_FAILED', M.badTime, 400);
  return ms;
}

/** A stream read once, with what its view and its decider need. */
interface Loaded {
  streamId: string;
  events: RecordedEvent[];
  /** The events as the view folds them (sealed data opened or marked unreadable). */
  seen: SeenEvent[];
  view: HistoryView | null;
  replayer: Replayer | null;
  ctx: ViewContext;
}

/**
 * The history as members saw it (issue 38): a stream's member-visible view and its decider's state
 * as of any version or time, and what changed between two versions.
 */
@Injectable()
export class HistoryQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(PERSONAL_DATA_VAULT) private readonly vault: PersonalDataVault,
  ) {}

  async state(streamId: string, query: { at: string | null; time: string | null }): Promise<AuditStreamState> {
    if (query.at !== null && query.time !== null) throw new DomainError('VALIDATION_FAILED', M.atAndTime, 400);
    const at = versionParam(query.at, M.badVersion);
    const time = timeParam(query.time);
    const s = await this.load(streamId);
    const last = s.events.at(-1)!;
    let version = at ?? last.streamVersion;
    if (version > last.streamVersion) throw new DomainError('VALIDATION_FAILED', M.badVersion, 400);
    if (time !== null) {
      const before = s.events.filter((e) => Date.parse(e.metadata.occurredAt) <= time).at(-1);
      if (!before) throw new DomainError('VALIDATION_FAILED', M.noEventByTime, 400);
      version = before.streamVersion;
    }
    const shown = s.events.find((e) => e.streamVersion === version)!;
    const { view, state } = await this.snapshot(s, version, time);
    return {
      streamId,
      kind: streamKind(streamId),
      version,
      time: shown.metadata.occurredAt,
      lastVersion: last.streamVersion,
      lastTime: last.metadata.occurredAt,
      view,
      state,
    };
  }

  async diff(streamId: string, query: { from: string | null; to: string | null }): Promise<AuditStreamDiff> {
    const from = versionParam(query.from, M.badDiffVersions);
    const to = versionParam(query.to, M.badDiffVersions);
    if (from === null || to === null) throw new DomainError('VALIDATION_FAILED', M.badDiffVersions, 400);
    const s = await this.load(streamId);
    const last = s.events.at(-1)!.streamVersion;
    if (from > last || to > last) throw new DomainError('VALIDATION_FAILED', M.badDiffVersions, 400);
    const [a, b] = [await this.snapshot(s, from, null), await this.snapshot(s, to, null)];
    const compared = s.view ? 'view' : 'state';
    const timeOf = (v: number) => s.events.find((e) => e.streamVersion === v)!.metadata.occurredAt;
    return {
      streamId,
      kind: streamKind(streamId),
      from: { version: from, time: timeOf(from) },
      to: { version: to, time: timeOf(to) },
      compared,
      changes: compared === 'view' ? diffViews(a.view, b.view) : diffViews(a.state, b.state),
    };
  }

  private async load(streamId: string): Promise<Loaded> {
    const events = await this.eventStore.readStream(streamId);
    if (events.length === 0) throw new DomainError('STREAM_NOT_FOUND', M.streamNotFound, 404);
    const view = historyViewOf(streamId);
    const replayer = replayerOf(streamId);
    if (!view && !replayer) throw new DomainError('NO_DECIDER', M.noDecider, 404);
    const needs = new Set(view?.needs ?? []);
    const owner = sealedOwnerOf(streamId);
    const seenEvents = needs.has('erasure')
      ? await Promise.all(events.map(async (e) => ({ ...seen(e), data: await openSealed(this.vault, owner, e.data) })))
      : events.map(seen);
    const subject = streamSubject(streamId);
    const unreadable = seenEvents.some((e) => (e.data as { personal?: { unreadable?: boolean } }).personal?.unreadable);
    const ctx = emptyContext({
      erasedAt: needs.has('erasure') && unreadable ? await erasureTime(this.eventStore, subject) : null,
      reportedAt: needs.has('report') ? await messageReportedAt(this.readModels, subject) : null,
      related: needs.has('pollVotes')
        ? await pollVotes(this.eventStore, this.readModels, subject)
        : needs.has('messages')
          ? await conversationMessages(this.readModels, subject)
          : [],
      media:
        needs.has('media') && view?.mediaIds ? await mediaLinks(this.readModels, view.mediaIds(seenEvents)) : new Map(),
    });
    return { streamId, events, seen: seenEvents, view, replayer, ctx };
  }

  /**
   * The view and state after `version`. Other streams' events (votes, messages) count up to the
   * time asked for, else up to the next version's time (what members saw while this one was
   * current), or up to now for the last version.
   */
  private async snapshot(
    s: Loaded,
    version: number,
    time: number | null,
  ): Promise<{ view: AuditView | null; state: Record<string, unknown> | null }> {
    const next = s.events.find((e) => e.streamVersion === version + 1);
    const until = time ?? (next ? Date.parse(next.metadata.occurredAt) : Infinity);
    const inclusive = time !== null;
    const related = s.ctx.related.filter((e) => {
      const t = Date.parse(e.time);
      return inclusive ? t <= until : t < until;
    });
    const view = s.view
      ? s.view.fold(
          s.seen.filter((e) => e.version <= version),
          { ...s.ctx, related },
        )
      : null;
    const state = s.replayer
      ? await openSealed(
          this.vault,
          sealedOwnerOf(s.streamId),
          replay(
            s.replayer,
            s.events.filter((e) => e.streamVersion <= version).map((e) => ({ type: e.type, data: e.data })),
          ),
        )
      : null;
    return { view, state };
  }
}
