import type { ModerationAction, ModerationCaseEvent } from '@modules/moderation/events';

import type { Recorded } from '../runner';
import type { Notifier } from './notifier';

/**
 * What a reporter is told of the outcome, in English and Arabic: the server does not know which
 * language the member reads, and a notification's content is stored once. The moderator's reason
 * stays with the moderators. Short enough that both fit a notification's 120 characters.
 */
export const REPORT_OUTCOME: Partial<Record<ModerationAction, { en: string; ar: string }>> = {
  hide: { en: 'Thank you for your report: the post was hidden.', ar: 'شكرًا لبلاغك: أُخفي المنشور.' },
  delete: { en: 'Thank you for your report: the comment was removed.', ar: 'شكرًا لبلاغك: حُذف التعليق.' },
  warn: { en: 'Thank you for your report: the member was warned.', ar: 'شكرًا لبلاغك: وُجّه تحذير إلى العضو.' },
  suspend: {
    en: 'Thank you for your report: the member was suspended.',
    ar: 'شكرًا لبلاغك: أُوقف حساب العضو مؤقتًا.',
  },
  dismiss: {
    en: 'Thank you for your report: it was reviewed and no action was taken.',
    ar: 'شكرًا لبلاغك: رُوجع ولم يُتّخذ أي إجراء.',
  },
};

export const reportOutcomeText = (action: ModerationAction) => {
  const text = REPORT_OUTCOME[action];
  return text ? `${text.en}\n${text.ar}` : null;
};

/**
 * Reporters hear from the platform, not from a moderator by name: who acted stays with the staff (and
 * a reporter who blocked that moderator is still told).
 */
const SYSTEM = 'system';

/**
 * A moderator's action tells each member whose report it answered (a system notice that opens
 * nothing), and a warned or suspended member why.
 */
export async function moderationAction(e: Recorded<ModerationCaseEvent>, n: Notifier) {
  const d = e.data;
  const text = reportOutcomeText(d.action);
  if (text)
    for (const reporterId of d.reporterIds)
      await n.notify(`moderation:${e.id}:${reporterId}`, reporterId, SYSTEM, 'admin_announcement', null, null, text);
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
