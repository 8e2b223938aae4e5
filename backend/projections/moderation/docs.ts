import type { ModerationAction, ReportStatus, ReportTargetType } from '@contract';

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
  reporterIds: string[];
  firstReportedAt: string;
  lastReportedAt: string;
  /** Log position of the last change: the queue's order (newest first). */
  position: string;
  resolution: { action: ModerationAction; moderatorId: string; reason: string; at: string } | null;
}

export const reportGroupId = (targetType: ReportTargetType, targetId: string) => `${targetType}:${targetId}`;
