/** Reasons longer than this are refused by the server too (both report schemas, after trimming). */
export const REPORT_REASON_MAX = 500;

/**
 * The reasons a member picks from, each with the text the server stores. That text stays English in
 * every language so the moderators' queue shows, groups and filters one category under one name
 * whichever language the reporter used; members and moderators read the translation
 * (posts.report.reasons.*, readReportReason).
 * Changing a label splits its reports in the queue from the older ones: add a reason, don't rename.
 */
export const REPORT_REASONS = {
  spam: 'Spam',
  falseInformation: 'False information',
  hate: 'Hate or harassment',
  nudity: 'Nudity or sexual content',
  other: 'Other',
} as const;

export type ReportReason = keyof typeof REPORT_REASONS;

export const REASON_KEYS = Object.keys(REPORT_REASONS) as ReportReason[];
const SEPARATOR = ': ';

/** One limit for every reason (the longest label's room), so switching reasons never makes details too long. */
export const REPORT_DETAILS_MAX =
  REPORT_REASON_MAX - Math.max(...Object.values(REPORT_REASONS).map((label) => label.length + SEPARATOR.length));

/** The request's `reason`: the category, then the member's own words when given ("Other: …"). */
export function reportReasonText(reason: ReportReason, details: string): string {
  const words = details.trim();
  return words ? `${REPORT_REASONS[reason]}${SEPARATOR}${words}` : REPORT_REASONS[reason];
}

/**
 * A stored reason read back for the moderators: its category when it starts with one of ours (shown
 * in the reader's language), and the reporter's own words, which stay as written. A reason from
 * before the categories, or from another client, is all words.
 */
export function readReportReason(text: string): { reason: ReportReason | null; details: string } {
  for (const key of REASON_KEYS) {
    const label = REPORT_REASONS[key];
    if (text === label) return { reason: key, details: '' };
    if (text.startsWith(label + SEPARATOR))
      return { reason: key, details: text.slice(label.length + SEPARATOR.length) };
  }
  return { reason: null, details: text };
}
