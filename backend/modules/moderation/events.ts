/**
 * Events of the moderation module (issue 19). Streams:
 * - `report-<id>`: one report of a comment, a member or a message (`ContentReported`); a post's
 *   report is social's `PostReported` on the same kind of stream;
 * - `moderation-<targetType>-<targetId>`: every moderator action on one target, with the moderator
 *   and the reason, appended in the same transaction as the action's own event on the target's
 *   stream (`PostHidden`, `CommentDeleted`, `MemberSuspended`, …) where it has one.
 */
import type { ModerationAction, ReportHistoryLink, ReportTargetType } from '@contract';

export type { ModerationAction, ReportHistoryLink, ReportTargetType } from '@contract';
export const REPORT_TARGET_TYPES: readonly ReportTargetType[] = ['post', 'comment', 'user', 'message'];

export interface ContentReportedData {
  reportId: string;
  targetType: Exclude<ReportTargetType, 'post'>;
  targetId: string;
  reporterId: string;
  reason: string;
  at: string;
  /** The reported item's stream and version as the reporter saw it; absent on older reports. */
  history?: ReportHistoryLink;
}

export type ContentReportEvent = { type: 'ContentReported'; data: ContentReportedData };

export interface ModerationActionData {
  targetType: ReportTargetType;
  targetId: string;
  action: ModerationAction;
  moderatorId: string;
  reason: string;
  /** suspend only: when it runs out. */
  until: string | null;
  /** The member the target belongs to (author, sender, the member themselves), when known. */
  subjectId: string | null;
  /** Members whose open reports this action answered: each is told the outcome. */
  reporterIds: string[];
  /** The reports it answered (same round as reporterIds); absent on actions recorded before. */
  reportIds?: string[];
  at: string;
}

export type ModerationCaseEvent = { type: 'ModerationActionTaken'; data: ModerationActionData };

export const contentReportStream = (reportId: string) => `report-${reportId}`;
export const caseStream = (targetType: ReportTargetType, targetId: string) => `moderation-${targetType}-${targetId}`;
