import type {
  AppealStatus,
  AppealStatusFilter,
  ReportHistoryLink,
  ReportResolution,
  ReportStatus,
  ReportTargetType,
} from '@contract';

export const REPORT_GROUPS = 'moderation_reports';
export const MODERATION_PROJECTOR = 'moderation';

/**
 * The reports about one target (id `<targetType>:<targetId>`): open until a moderator acts on them;
 * a report after that opens a new round (counted afresh).
 */
export interface ReportGroupDoc {
  id: string;
  [key: string]: unknown;
  targetType: ReportTargetType;
  targetId: string;
  status: ReportStatus;
  count: number;
  /** Distinct reasons of this round, most recent first. */
  reasons: string[];
  /** Every distinct reason of this round as `reasonKey` folds it: what `?reason=` matches. */
  reasonKeys: string[];
  reporterIds: string[];
  /** The reports of this round, oldest first: what the action that closes it answers. */
  reportIds: string[];
  firstReportedAt: string;
  lastReportedAt: string;
  /** Where the target's history stood at the round's first and latest report (null: an older report). */
  history: { first: ReportHistoryLink | null; latest: ReportHistoryLink | null };
  /** Log position of the last change: the queue's order (newest first). */
  position: string;
  resolution: ReportResolution | null;
}

export const reportGroupId = (targetType: ReportTargetType, targetId: string) => `${targetType}:${targetId}`;

/** Reasons are the members' own words: "Spam", "spam " and "SPAM" are one reason to filter by. */
export const reasonKey = (reason: string) => reason.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

export const APPEALS = 'moderation_appeals';

/**
 * A post author's latest appeal of its hiding (id: the post id; a new hiding's appeal replaces the
 * one before, which the post's history keeps), in the moderators' appeal queue: `pending`, or
 * `decided` (granted, rejected or withdrawn).
 */
export interface AppealDoc {
  id: string;
  [key: string]: unknown;
  postId: string;
  authorId: string;
  status: AppealStatus;
  text: string;
  appealedAt: string;
  hiding: { moderatorId: string; reason: string; at: string };
  decision: { moderatorId: string; reason: string; at: string } | null;
  queue: AppealStatusFilter;
  /** Log position of the appeal while pending, then of its decision: the queue's order. */
  position: string;
}
