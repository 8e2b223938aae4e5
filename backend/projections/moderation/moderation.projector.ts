import type {
  ContentReportEvent,
  ModerationCaseEvent,
  ReportHistoryLink,
  ReportTargetType,
} from '@modules/moderation/events';
import type { ReportEvent } from '@modules/social/events';

import { defineProjector, type ProjectionContext, type Projector } from '../runner';
import { type AppealHandled, appealHandlers } from './appeals';
import { APPEALS, MODERATION_PROJECTOR, reasonKey, REPORT_GROUPS, type ReportGroupDoc, reportGroupId } from './docs';

type Handled = ReportEvent | ContentReportEvent | ModerationCaseEvent | AppealHandled;

/** Actions that answer the open reports of a target (restore and unsuspend answer none). */
const RESOLVING = new Set(['hide', 'delete', 'warn', 'suspend', 'dismiss']);
/** Bounds one entry under a flood of reports: a reason past these is still counted, not filterable. */
const MAX_REASON_KEYS = 200;

const groupsOf = (ctx: ProjectionContext) => ctx.collection<ReportGroupDoc>(REPORT_GROUPS);

interface Filed {
  reportId: string;
  targetType: ReportTargetType;
  targetId: string;
  reporterId: string;
  reason: string;
  at: string;
  history?: ReportHistoryLink | undefined;
}

async function reported(ctx: ProjectionContext, r: Filed, position: string) {
  const id = reportGroupId(r.targetType, r.targetId);
  const group = await groupsOf(ctx).get(id);
  const fresh = !group || group.status === 'resolved';
  const key = reasonKey(r.reason);
  const keys = fresh ? [] : group.reasonKeys;
  const link = r.history ?? null;
  await groupsOf(ctx).upsert({
    id,
    targetType: r.targetType,
    targetId: r.targetId,
    status: 'open',
    count: fresh ? 1 : group.count + 1,
    reasons: fresh ? [r.reason] : [r.reason, ...group.reasons.filter((x) => x !== r.reason)].slice(0, 20),
    reasonKeys: keys.includes(key) || keys.length >= MAX_REASON_KEYS ? keys : [...keys, key],
    reporterIds: fresh ? [r.reporterId] : [...new Set([...group.reporterIds, r.reporterId])],
    reportIds: fresh ? [r.reportId] : [...new Set([...group.reportIds, r.reportId])],
    firstReportedAt: fresh ? r.at : group.firstReportedAt,
    lastReportedAt: r.at,
    history: { first: fresh ? link : group.history.first, latest: link },
    position,
    resolution: fresh ? null : group.resolution,
  });
}

/** The moderators' queues: reports grouped per target, with their status and resolution; post authors' appeals. */
export const moderationProjector: Projector = defineProjector<Handled>({
  name: MODERATION_PROJECTOR,
  // 2: report ids (answered by the action that closes the round), reason keys for ?reason=, and the
  // history link of the round's first and latest report.
  // 3: the appeal queue (APPEALS).
  version: 3,
  collections: [
    {
      name: REPORT_GROUPS,
      indexes: [{ fields: ['status'], sort: { field: 'position' } }],
      arrayFields: ['reasonKeys'],
    },
    { name: APPEALS, indexes: [{ fields: ['queue'], sort: { field: 'position' } }, { fields: ['authorId'] }] },
  ],
  on: {
    ...appealHandlers,
    PostReported: ({ data: d, checkpoint }, ctx) =>
      reported(ctx, { targetType: 'post', targetId: d.postId, ...d }, checkpoint),
    ContentReported: ({ data, checkpoint }, ctx) => reported(ctx, data, checkpoint),
    async ModerationActionTaken({ data: d, checkpoint }, ctx) {
      if (!RESOLVING.has(d.action)) return;
      const group = await groupsOf(ctx).get(reportGroupId(d.targetType, d.targetId));
      // An action on something nobody reported leaves no entry in the queue.
      if (!group || group.status === 'resolved') return;
      await groupsOf(ctx).update(group.id, {
        set: {
          status: 'resolved',
          position: checkpoint,
          resolution: {
            action: d.action,
            moderatorId: d.moderatorId,
            reason: d.reason,
            at: d.at,
            // An action recorded before it named its reports answered the whole open round.
            reportIds: d.reportIds ?? group.reportIds,
          },
        },
      });
    },
  },
});
