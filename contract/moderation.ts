/**
 * Moderation and audit history (issue 19; backend/modules/moderation/README.md): the report queue,
 * moderators' actions, any stream's history and state as of an event, and the projections console.
 * Every /api/admin route answers 401 to guests and 403 to members.
 */

import type { AuditChange, AuditView } from './audit-history';

export type ReportTargetType = 'post' | 'comment' | 'user' | 'message';
export type ReportStatus = 'open' | 'resolved';
/** GET /api/admin/reports?status=: `closed` is another name for `resolved`. */
export type ReportStatusFilter = ReportStatus | 'closed';
/**
 * hide/restore: posts (a restore also grants a pending appeal); reject_appeal: a post's author appealed
 * its hiding and the post stays hidden; delete: comments; warn/suspend/unsuspend: members; dismiss: any target.
 */
export type ModerationAction =
  | 'hide'
  | 'restore'
  | 'reject_appeal'
  | 'delete'
  | 'warn'
  | 'suspend'
  | 'unsuspend'
  | 'dismiss';

/** A member's report: POST /api/{posts|comments|users|messages}/:id/report {reason}. */
export interface ReportFiled {
  reportId: string;
}

/** What a moderator sees of the reported thing (null when it is gone). */
export interface ReportTargetPreview {
  text: string | null;
  author: { id: string; username: string } | null;
  /** A post or comment that is now hidden or deleted; a member who is suspended. */
  state: 'visible' | 'hidden' | 'deleted' | 'suspended' | 'gone';
  /**
   * A post's first picture as a thumbnail (its narrowest prepared rendition) with its caption as
   * `alt` (empty when it has none); null for other targets, a post without pictures, or one whose
   * picture is not prepared yet.
   */
  image: { url: string; alt: string } | null;
}

/** A member who reported the target, as moderators see them. */
export interface ReportReporter {
  id: string;
  username: string;
  name: string;
}

/**
 * The reported item's stream and its version when a report was filed: open it with
 * GET /api/admin/audit/streams/:streamId/state?at=<version> to see it as the reporter saw it.
 */
export interface ReportHistoryLink {
  streamId: string;
  version: number;
}

/** What a moderator's action answered: the reports of the round it closed. */
export interface ReportResolution {
  action: ModerationAction;
  moderatorId: string;
  reason: string;
  at: string;
  /** Empty for actions recorded before reports were linked to their outcome. */
  reportIds: string[];
}

/** GET /api/admin/reports?status=open|closed|resolved&reason=&cursor=: one entry per reported target. */
export interface ReportGroup {
  targetType: ReportTargetType;
  targetId: string;
  /** The stream whose history the audit view replays (`post-<id>`, `user-<id>`, …). */
  streamId: string;
  count: number;
  /** Distinct reasons, most recent first. */
  reasons: string[];
  firstReportedAt: string;
  lastReportedAt: string;
  status: ReportStatus;
  resolution: ReportResolution | null;
  /** The first and the latest report of this round; null for reports filed before links were kept. */
  history: { first: ReportHistoryLink | null; latest: ReportHistoryLink | null };
  target: ReportTargetPreview;
  /**
   * Who reported in this round, the most recent first: at most the latest 20, and only accounts
   * that still exist (a deleted account is left out).
   */
  reporters: ReportReporter[];
}

export interface ReportQueuePage {
  items: ReportGroup[];
  nextCursor: string | null;
}

/** The body of every action: why (shown to nobody but moderators; reporters get a fixed text). */
export interface ModerationActionBody {
  reason: string;
}

export interface SuspendBody extends ModerationActionBody {
  /** ISO time in the future. */
  until: string;
}

/**
 * A post author's appeal of its hiding: pending until a moderator restores the post (granted) or
 * keeps it hidden (rejected); withdrawn when the post or its author's account was deleted meanwhile.
 */
export type AppealStatus = 'pending' | 'granted' | 'rejected' | 'withdrawn';
/** GET /api/admin/appeals?status=: `decided` is granted, rejected and withdrawn. */
export type AppealStatusFilter = 'pending' | 'decided';

/** GET /api/admin/appeals?status=pending|decided&cursor=: pending ones oldest first, decided ones newest first. */
export interface PostAppealEntry {
  postId: string;
  /** The post's stream, for the audit history (`post-<id>`). */
  streamId: string;
  status: AppealStatus;
  /** The author's words; empty when they gave none. */
  text: string;
  appealedAt: string;
  /** The hiding appealed against. */
  hiding: { moderatorId: string; reason: string; at: string };
  /** Who decided and why (a restore's or a rejection's reason); null while pending or once withdrawn. */
  decision: { moderatorId: string; reason: string; at: string } | null;
  /** null once the account is deleted. */
  author: ReportReporter | null;
  /** The post as it is now: its words, its first picture, whether it still is hidden. */
  post: ReportTargetPreview;
}

export interface AppealQueuePage {
  items: PostAppealEntry[];
  nextCursor: string | null;
}

/** Every action answers this: the event it recorded. */
export interface ModerationOutcome {
  targetType: ReportTargetType;
  targetId: string;
  action: ModerationAction;
  moderatorId: string;
  reason: string;
  at: string;
  /** Members who had reported the target and were told of the outcome. */
  notified: number;
  /** The reports it answered (the target's open round). */
  reportIds: string[];
}

/** GET /api/admin/audit/streams?q= */
export interface AuditStreamHit {
  streamId: string;
  /** The stream's prefix: post, user, comment, report, moderation, … */
  kind: string;
  events: number;
  lastAt: string | null;
  /** Whether GET …/state can fold it (a view or a decider is registered for its prefix). */
  replayable: boolean;
}

export interface AuditActor {
  id: string;
  /** null when the account is gone (or for operators and the system). */
  username: string | null;
}

/** One event of a stream as moderators read it. */
export interface AuditEvent {
  version: number;
  type: string;
  time: string;
  actor: AuditActor | null;
  requestId: string | null;
  /**
   * The event's data; sealed personal data is opened (never the password hash) or, once the
   * member's key is shredded, replaced by `{ unreadable: true }`. A message's `content` and
   * `mediaId` are null, with a `withheld` note, until its recipient reports it.
   */
  data: Record<string, unknown>;
}

export interface AuditEventsPage {
  streamId: string;
  items: AuditEvent[];
  /** The version to ask for next (`cursor=`), null at the end. */
  nextCursor: string | null;
}

/**
 * GET /api/admin/audit/streams/:streamId/state?at=<version> or ?time=<ISO time> (issue 38): the
 * stream as of one version, with what a version slider needs (the last version, each one's time).
 */
export interface AuditStreamState {
  streamId: string;
  /** The stream's prefix: post, comment, user, … */
  kind: string;
  /** The last event folded. */
  version: number;
  /** When that event happened. */
  time: string;
  /** The stream's last version, and its time. */
  lastVersion: number;
  lastTime: string;
  /** What members saw (contract/audit-history.ts); null for a kind that has no such view. */
  view: AuditView | null;
  /** The decider's own bookkeeping (what commands decide on); null for a stream without a decider. */
  state: Record<string, unknown> | null;
}

/** GET /api/admin/audit/streams/:streamId/diff?from=A&to=B: the fields of the view (else the state) that changed. */
export interface AuditStreamDiff {
  streamId: string;
  kind: string;
  from: { version: number; time: string };
  to: { version: number; time: string };
  /** Which fold was compared: the members' view, or the decider's state for a kind without one. */
  compared: 'view' | 'state';
  changes: AuditChange[];
}

/** GET /api/admin/audit/members/:userId/streams: what one member acted on. */
export interface MemberActivity {
  userId: string;
  username: string | null;
  streams: { streamId: string; kind: string; events: number; lastAt: string }[];
  /** True when only the most recent entries were read (a very active member). */
  truncated: boolean;
}

export type ProjectionHealth = 'live' | 'rebuilding' | 'outdated' | 'not_started';

export interface RebuildProgress {
  name: string;
  state: 'running' | 'done' | 'failed';
  generation: number | null;
  /** Events replayed so far, of `total` in the log when the rebuild started. */
  events: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** GET /api/admin/projections: one row per projector. */
export interface ProjectionStatus {
  name: string;
  /** The version in the code, and the one the live generation was built with (null: never built). */
  codeVersion: number;
  version: number | null;
  generation: number | null;
  checkpoint: string;
  /** Events in the log after the checkpoint (at most lagCap, then lagCapped). */
  lag: number;
  lagCapped: boolean;
  status: ProjectionHealth;
  rebuild: RebuildProgress | null;
}

/** GET /api/admin/projections/verify: the drift report of `npm run projections:verify`. */
export interface DriftReport {
  projection: 'social';
  posts: number;
  drift: string[];
  ok: boolean;
  checkedUpTo: string;
  /** The donations ledger recounted from the log (npm run projections:verify checks both). */
  ledger: { drift: string[]; summary: string };
  /** Each community's members, requests and posts recounted from the log. */
  communities: { drift: string[]; summary: string };
}
