import type { ReportEvent } from '@modules/social/events';

import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { ContentReportedData, ContentReportEvent, ReportHistoryLink, ReportTargetType } from '../events';
import { MODERATION_MESSAGES as M } from '../limits';

export interface ReportState {
  filed: boolean;
  targetType: ReportTargetType | null;
  targetId: string | null;
  reporterId: string | null;
  reason: string | null;
  at: string | null;
  /** The reported item's stream and version when the report was filed (null on older reports). */
  history: ReportHistoryLink | null;
}

export type ReportCommand = { type: 'FileReport'; report: ContentReportedData };

/** Both kinds of event a `report-<id>` stream holds: a post's (social) and any other target's. */
export type AnyReportEvent = ReportEvent | ContentReportEvent;

const initialState = (): ReportState => ({
  filed: false,
  targetType: null,
  targetId: null,
  reporterId: null,
  reason: null,
  at: null,
  history: null,
});

function evolve(_: ReportState, e: AnyReportEvent): ReportState {
  const { reporterId, reason, at } = e.data;
  const history = e.data.history ?? null;
  return e.type === 'PostReported'
    ? { filed: true, targetType: 'post', targetId: e.data.postId, reporterId, reason, at, history }
    : { filed: true, targetType: e.data.targetType, targetId: e.data.targetId, reporterId, reason, at, history };
}

/** A report of a comment, a member or a message is written once (a post's goes through social). */
function decide(s: ReportState, c: ReportCommand): AnyReportEvent[] {
  if (s.filed) throw new DomainError('REPORT_EXISTS', M.reportExists, 409);
  const reason = c.report.reason.trim();
  if (!reason) throw new DomainError('VALIDATION_FAILED', M.reportReasonRequired, 400);
  if (reason.length > 500) throw new DomainError('VALIDATION_FAILED', M.reasonTooLong, 400);
  if (c.report.targetType === 'user' && c.report.targetId === c.report.reporterId)
    throw new DomainError('VALIDATION_FAILED', M.selfReport, 400);
  return [{ type: 'ContentReported', data: { ...c.report, reason } }];
}

export const contentReportDecider: Decider<ReportState, ReportCommand, AnyReportEvent> = {
  initialState,
  evolve,
  decide,
};
