/** The moderation routes' shapes (contract/moderation.ts, shared with the server). */
export type {
  AuditEvent,
  AuditEventsPage,
  AuditStreamHit,
  AuditStreamState,
  DriftReport,
  MemberActivity,
  ModerationAction,
  ModerationOutcome,
  ProjectionStatus,
  RebuildProgress,
  ReportGroup,
  ReportQueuePage,
  ReportStatus,
  ReportTargetType,
} from '@contract';
