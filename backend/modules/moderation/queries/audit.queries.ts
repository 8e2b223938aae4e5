import type { AuditActor, AuditEvent, AuditEventsPage, AuditStreamHit, MemberActivity } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import type { ReadModels } from '@platform/read-models';
import { EVENT_STORE, PERSONAL_DATA_VAULT, READ_MODELS } from '@platform/tokens';
import { AUDIT_COLLECTION, type AuditEntry } from '@projections/audit';
import { type UserDoc, USERS } from '@projections/identity';

import { replayerOf, streamKind } from '../domain/stream-deciders';
import { messageReportedAt, sealedOwnerOf, streamSubject } from '../history/context';
import { WITHHELD_NOTE } from '../history/message.view';
import { historyViewOf } from '../history/registry';
import { MODERATION_LIMITS as L, MODERATION_MESSAGES as M } from '../limits';
import { openSealed } from './personal-data';

/** Prefixes a bare id is tried with, most asked-about first. */
const ID_PREFIXES = [
  'post',
  'user',
  'comment',
  'message',
  'report',
  'course',
  'order',
  'conversation',
  'profile',
  'media',
];
const STREAM_ID = /^[a-z]+-[A-Za-z0-9_.@-]+$/;
const BARE_ID = /^[A-Za-z0-9_-]{6,100}$/;

/** A post link of the web app (`…/post/<id>`) or the API (`…/api/posts/<id>`); a profile (`…/profile/<name>`). */
function fromLink(q: string): { postId?: string; username?: string } {
  const post = /\/(?:api\/)?posts?\/([A-Za-z0-9_-]+)/.exec(q);
  if (post?.[1]) return { postId: post[1] };
  const profile = /\/profile\/@?([A-Za-z0-9_.]+)/.exec(q);
  if (profile?.[1]) return { username: profile[1] };
  return {};
}

/**
 * The audit history: finding streams and reading a stream's events (from the log itself); the state
 * as of any event is history/history.queries.ts. The audit projection indexes who did what where.
 */
@Injectable()
export class AuditQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(PERSONAL_DATA_VAULT) private readonly vault: PersonalDataVault,
  ) {}

  async findStreams(query: string): Promise<AuditStreamHit[]> {
    const q = query.trim();
    if (!q) throw new DomainError('VALIDATION_FAILED', M.queryRequired, 400);
    const candidates: string[] = [];
    const link = fromLink(q);
    if (link.postId) candidates.push(`post-${link.postId}`);
    const username = link.username ?? (/^@?[A-Za-z0-9_.]{2,30}$/.test(q) ? q.replace(/^@/, '') : null);
    if (username) {
      const found = await this.readModels
        .collection<UserDoc>(USERS)
        .find({ where: { usernameLower: username.toLowerCase() }, limit: 1 });
      const user = found.items[0];
      if (user) candidates.push(`user-${user.id}`, `profile-${user.id}`);
    }
    if (!link.postId && STREAM_ID.test(q)) candidates.push(q);
    if (!link.postId && BARE_ID.test(q)) candidates.push(...ID_PREFIXES.map((p) => `${p}-${q}`));
    const hits: AuditStreamHit[] = [];
    for (const streamId of [...new Set(candidates)]) {
      const hit = await this.hit(streamId);
      if (hit) hits.push(hit);
      if (hits.length >= L.streamHits) break;
    }
    return hits;
  }

  async events(streamId: string, cursor: string | null): Promise<AuditEventsPage> {
    const from = cursor === null ? 0 : Number(cursor);
    if (!Number.isSafeInteger(from) || from < 0) throw new DomainError('VALIDATION_FAILED', M.badCursor, 400);
    const events = await this.eventStore.readStream(streamId, { fromVersion: from, maxCount: L.eventsPage + 1 });
    if (events.length === 0 && from === 0) throw new DomainError('STREAM_NOT_FOUND', M.streamNotFound, 404);
    const page = events.slice(0, L.eventsPage);
    const actors = await this.actors(page.map((e) => e.metadata.actor ?? null));
    const reported =
      streamKind(streamId) === 'message' && !!(await messageReportedAt(this.readModels, streamSubject(streamId)));
    const items = await Promise.all(page.map((e) => this.view(e, actors, reported)));
    return {
      streamId,
      items,
      nextCursor: events.length > L.eventsPage ? String(page.at(-1)!.streamVersion + 1) : null,
    };
  }

  /** Every stream a member acted on, most recent first (from the audit projection's actor index). */
  async memberActivity(userId: string): Promise<MemberActivity> {
    const entries = this.readModels.collection<AuditEntry>(AUDIT_COLLECTION);
    const streams = new Map<string, { streamId: string; kind: string; events: number; lastAt: string }>();
    let after: string | null = null;
    let read = 0;
    do {
      const page = await entries.find({
        where: { actor: userId },
        sort: { field: 'checkpoint', direction: 'desc' },
        after,
        limit: 500,
      });
      for (const e of page.items) {
        const s = streams.get(e.streamId);
        if (s) s.events += 1;
        else
          streams.set(e.streamId, {
            streamId: e.streamId,
            kind: streamKind(e.streamId),
            events: 1,
            lastAt: e.occurredAt,
          });
      }
      read += page.items.length;
      after = page.nextCursor;
    } while (after && read < L.memberEntriesMax);
    const user = await this.readModels.collection<UserDoc>(USERS).get(userId);
    if (!user && streams.size === 0) throw new DomainError('USER_NOT_FOUND', M.userNotFound, 404);
    return { userId, username: user?.username ?? null, streams: [...streams.values()], truncated: !!after };
  }

  private async hit(streamId: string): Promise<AuditStreamHit | null> {
    const entries = this.readModels.collection<AuditEntry>(AUDIT_COLLECTION);
    const latest = await entries.find({
      where: { streamId },
      sort: { field: 'checkpoint', direction: 'desc' },
      limit: 1,
    });
    if (latest.items.length === 0) return null;
    return {
      streamId,
      kind: streamKind(streamId),
      events: await entries.count({ streamId }),
      lastAt: latest.items[0]!.occurredAt,
      replayable: historyViewOf(streamId) !== null || replayerOf(streamId) !== null,
    };
  }

  private async actors(ids: (string | null)[]): Promise<Map<string, AuditActor>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    const users = await this.readModels.collection<UserDoc>(USERS).getMany(wanted);
    const known = new Map(users.map((u) => [u.id, u.username]));
    return new Map(wanted.map((id) => [id, { id, username: known.get(id) ?? null }]));
  }

  /** `reported`: a message stream whose message was reported, the only one whose words may be read. */
  private async view(e: RecordedEvent, actors: Map<string, AuditActor>, reported: boolean): Promise<AuditEvent> {
    const actor = e.metadata.actor ?? null;
    const data = await openSealed(this.vault, sealedOwnerOf(e.streamId), e.data);
    if (e.type === 'MessageSent' && !reported)
      Object.assign(data, { content: null, mediaId: null, withheld: WITHHELD_NOTE });
    return {
      version: e.streamVersion,
      type: e.type,
      time: e.metadata.occurredAt,
      actor: actor ? (actors.get(actor) ?? { id: actor, username: null }) : null,
      requestId: e.metadata.requestId ?? null,
      data,
    };
  }
}
