/** The moderation module's numbers and texts (issue 19). */
export const MODERATION_LIMITS = {
  reasonMax: 500,
  /** A suspension lasts at most a year; longer is a deletion's job. */
  maxSuspensionMs: 366 * 24 * 3600_000,
  queuePage: 20,
  /** Reporters named per queue entry: a target many members reported stays one read and one line. */
  reportersShown: 20,
  eventsPage: 50,
  streamHits: 20,
  /** Audit entries read for a member's page (newest first). */
  memberEntriesMax: 5000,
  /** Other streams' events a history view reads (a poll's voters, a conversation's messages). */
  historyRelatedMax: 5000,
} as const;

export const MODERATION_MESSAGES = {
  moderatorsOnly: 'Only moderators and admins can do this',
  adminsOnly: 'Only admins can do this',
  reasonRequired: 'Please give a reason',
  reasonTooLong: `The reason must be ${MODERATION_LIMITS.reasonMax} characters or less`,
  reportReasonRequired: 'Please tell us why you are reporting this',
  untilRequired: 'Please give the time the suspension ends',
  untilInvalid: 'The suspension must end in the future, within a year',
  badStatus: "status must be 'open', 'closed' or 'resolved'",
  badAppealStatus: "status must be 'pending' or 'decided'",
  badReasonFilter: `reason must be one reason to look for, ${MODERATION_LIMITS.reasonMax} characters or less`,
  badTargetType: "targetType must be one of 'post', 'comment', 'user', 'message'",
  badCursor: 'Invalid cursor',
  badVersion: 'at must be a version of this stream (0 or more)',
  notReportable: 'You cannot report this',
  selfReport: 'You cannot report yourself',
  commentNotFound: 'Comment not found',
  userNotFound: 'User not found',
  messageNotFound: 'Message not found',
  reportExists: 'This report already exists',
  noOpenReports: 'There are no open reports about this',
  actionNotForTarget: 'This action does not apply to this kind of target',
  streamNotFound: 'Stream not found',
  noDecider: 'This stream has no state to replay: only its events',
  badTime: 'time must be an ISO date and time, e.g. 2026-01-31T12:00:00Z',
  atAndTime: 'Give either at (a version) or time, not both',
  noEventByTime: 'This stream has no event at or before that time',
  badDiffVersions: 'from and to must be versions of this stream (0 or more)',
  queryRequired: 'Please type a stream id, a post id or link, or a username',
  projectorNotFound: 'Projector not found',
  consoleUnavailable: 'The projections console is not available in this process',
} as const;
