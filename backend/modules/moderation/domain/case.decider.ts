import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { ModerationAction, ModerationActionData, ModerationCaseEvent, ReportTargetType } from '../events';
import { MODERATION_LIMITS, MODERATION_MESSAGES as M } from '../limits';

/** One target's moderation record: every action taken on it, the last one first to hand. */
export interface CaseState {
  targetType: ReportTargetType | null;
  targetId: string | null;
  actions: number;
  last: { action: ModerationAction; moderatorId: string; reason: string; at: string } | null;
}

export type CaseCommand = {
  type: 'RecordAction';
  targetType: ReportTargetType;
  targetId: string;
  action: ModerationAction;
  moderatorId: string;
  reason: string;
  until: string | null;
  subjectId: string | null;
  reporterIds: string[];
  /** The open round's reports, read with reporterIds. */
  reportIds: string[];
  /** dismiss: whether the target has open reports (read by the service from the report queue). */
  openReports: number;
  now: string;
};

/** Which actions apply to which targets (dismiss closes the open reports of any target). */
export const ACTIONS_FOR: Record<ReportTargetType, readonly ModerationAction[]> = {
  post: ['hide', 'restore', 'reject_appeal', 'dismiss'],
  comment: ['delete', 'dismiss'],
  user: ['warn', 'suspend', 'unsuspend', 'dismiss'],
  message: ['dismiss'],
};

const ANSWERS_NO_REPORT = new Set<ModerationAction>(['restore', 'unsuspend', 'reject_appeal']);

const initialState = (): CaseState => ({ targetType: null, targetId: null, actions: 0, last: null });

function evolve(s: CaseState, e: ModerationCaseEvent): CaseState {
  const d = e.data;
  return {
    targetType: d.targetType,
    targetId: d.targetId,
    actions: s.actions + 1,
    last: { action: d.action, moderatorId: d.moderatorId, reason: d.reason, at: d.at },
  };
}

function decide(_: CaseState, c: CaseCommand): ModerationCaseEvent[] {
  if (!ACTIONS_FOR[c.targetType].includes(c.action))
    throw new DomainError('VALIDATION_FAILED', M.actionNotForTarget, 400);
  const reason = c.reason.trim();
  if (!reason) throw new DomainError('VALIDATION_FAILED', M.reasonRequired, 400);
  if (reason.length > MODERATION_LIMITS.reasonMax) throw new DomainError('VALIDATION_FAILED', M.reasonTooLong, 400);
  let until: string | null = null;
  if (c.action === 'suspend') {
    const ends = c.until ? Date.parse(c.until) : NaN;
    const now = Date.parse(c.now);
    if (Number.isNaN(ends) || ends <= now || ends - now > MODERATION_LIMITS.maxSuspensionMs)
      throw new DomainError('VALIDATION_FAILED', M.untilInvalid, 400);
    until = new Date(ends).toISOString();
  }
  if (c.action === 'dismiss' && c.openReports === 0) throw new DomainError('NOT_FOUND', M.noOpenReports, 404);
  // Restoring, lifting a suspension or answering an appeal answers no report: no reporter is told.
  const answersReports = !ANSWERS_NO_REPORT.has(c.action);
  const data: ModerationActionData = {
    targetType: c.targetType,
    targetId: c.targetId,
    action: c.action,
    moderatorId: c.moderatorId,
    reason,
    until,
    subjectId: c.subjectId,
    reporterIds: answersReports ? [...new Set(c.reporterIds)] : [],
    reportIds: answersReports ? [...new Set(c.reportIds)] : [],
    at: c.now,
  };
  return [{ type: 'ModerationActionTaken', data }];
}

export const caseDecider: Decider<CaseState, CaseCommand, ModerationCaseEvent> = { initialState, evolve, decide };
