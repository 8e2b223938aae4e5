import type { ModerationCaseEvent } from '@modules/moderation/events';

import type { Recorded } from '../runner';
import type { Notifier } from './notifier';

/** What a reporter is told of the outcome; the moderator's own reason stays with the moderators. */
const OUTCOME: Record<string, string> = {
  hide: 'Thank you for your report. A moderator reviewed it and hid the post.',
  delete: 'Thank you for your report. A moderator reviewed it and removed the comment.',
  warn: 'Thank you for your report. A moderator reviewed it and warned the member.',
  suspend: 'Thank you for your report. A moderator reviewed it and suspended the member.',
  dismiss: 'Thank you for your report. A moderator reviewed it and found no breach of the guidelines.',
};

/**
 * A moderator's action tells each member whose report it answered (a system notice), and a warned
 * or suspended member why.
 */
export async function moderationAction(e: Recorded<ModerationCaseEvent>, n: Notifier) {
  const d = e.data;
  const text = OUTCOME[d.action];
  if (text)
    for (const reporterId of d.reporterIds)
      await n.notify(
        `moderation:${e.id}:${reporterId}`,
        reporterId,
        d.moderatorId,
        'admin_announcement',
        null,
        null,
        text,
      );
  if (d.subjectId && (d.action === 'warn' || d.action === 'suspend')) {
    const notice =
      d.action === 'warn'
        ? `A moderator warned you: ${d.reason}`
        : `Your account is suspended until ${d.until}: ${d.reason}`;
    await n.notify(
      `moderation:${e.id}:${d.subjectId}`,
      d.subjectId,
      d.moderatorId,
      'admin_announcement',
      null,
      null,
      notice,
    );
  }
}
