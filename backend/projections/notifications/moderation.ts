import type { PostModerationNoticeType } from '@contract';
import type { UserEvent } from '@modules/identity/events';
import type { ModerationAction, ModerationCaseEvent } from '@modules/moderation/events';
import type { PostEvent } from '@modules/social/events';

import { findAll } from '../../src/platform/read-store/core/find-all';
import type { EventsOf, ProjectionContext, Recorded } from '../runner';
import { NOTIFY_POSTS, NOTIFY_STAFF, type PostAuthorDoc } from './docs';
import { type Notifier, SYSTEM_ACTOR } from './notifier';

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
 * What the member whose comment or account was acted on is told, in both languages, before the
 * moderator's reason (theirs to read, unlike the reporters'): a comment removed, a warning, a
 * suspension. A post's author hears from the post's own events instead (postNotice below).
 */
const SUBJECT_NOTICE: Partial<Record<ModerationAction, (until: string | null) => { en: string; ar: string }>> = {
  delete: () => ({ en: 'A moderator removed your comment.', ar: 'أزال فريق الإشراف تعليقك.' }),
  warn: () => ({ en: 'A moderator warned you.', ar: 'وجّه إليك مشرف تحذيرًا.' }),
  suspend: (until) => ({
    en: `Your account is suspended until ${until ?? ''}.`,
    ar: `أُوقف حسابك مؤقتًا حتى ${until ?? ''}.`,
  }),
  unsuspend: () => ({ en: 'Your account is active again.', ar: 'عاد حسابك نشطًا.' }),
};

/** The subject's notice: both languages first (a notification keeps 120 characters), then the reason. */
export function subjectNoticeText(action: ModerationAction, until: string | null, reason: string): string | null {
  const notice = SUBJECT_NOTICE[action]?.(until);
  if (!notice) return null;
  return [notice.en, notice.ar, action === 'restore' || action === 'unsuspend' ? '' : reason.trim()]
    .filter(Boolean)
    .join('\n');
}

/**
 * A moderator's action tells each member whose report it answered (a system notice that opens
 * nothing: a hidden post is not theirs to open), and the member whose comment or account it was
 * about, with the reason. Reporters hear from the platform, not from a moderator by name: who acted
 * stays with the staff (and a reporter who blocked that moderator is still told).
 */
export async function moderationAction(e: Recorded<ModerationCaseEvent>, n: Notifier) {
  const d = e.data;
  const text = reportOutcomeText(d.action);
  if (text)
    for (const reporterId of d.reporterIds)
      await n.notify(
        `moderation:${e.id}:${reporterId}`,
        reporterId,
        SYSTEM_ACTOR,
        'admin_announcement',
        null,
        null,
        text,
      );
  const notice = d.subjectId ? subjectNoticeText(d.action, d.until, d.reason) : null;
  if (d.subjectId && notice)
    await n.notify(
      `moderation:${e.id}:${d.subjectId}`,
      d.subjectId,
      SYSTEM_ACTOR,
      'admin_announcement',
      null,
      null,
      notice,
    );
}

export type PostNoticeEvent = EventsOf<
  PostEvent,
  'PostHidden' | 'PostRestored' | 'PostAppealed' | 'PostAppealRejected'
>;

const authorsOf = (ctx: ProjectionContext) => ctx.collection<PostAuthorDoc>(NOTIFY_POSTS);

/**
 * What a post's author is told of the moderators' decisions on it, from the post's own events: a
 * notice from the platform that opens the post (its author still reads it, with why it is hidden).
 * The words are the app's, in the reader's language (`type`); `content` is the moderators' reason
 * for a hiding or for keeping it, and nothing for a restore (its reason stays with the moderators).
 * A community's removal is told by the community's own notices. An appeal tells the app's moderators
 * and admins that it waits in their queue (`post_appealed`, with the author's words, from the author
 * and across blocks) until it is decided; the author hears the outcome.
 */
export async function postNotice(e: Recorded<PostNoticeEvent>, n: Notifier, ctx: ProjectionContext) {
  const post = await authorsOf(ctx).get(e.data.postId);
  if (!post) return;
  const tell = (type: PostModerationNoticeType, content: string) =>
    n.notify(`moderation:${e.id}:${post.userId}`, post.userId, SYSTEM_ACTOR, type, post.id, 'post', content);
  switch (e.type) {
    case 'PostHidden':
      if (e.data.communityId === undefined) await tell('post_hidden', e.data.reason);
      return;
    case 'PostAppealed':
      // Whether a restore answers an appeal: its notice says so.
      await authorsOf(ctx).update(post.id, { set: { appealPending: true } });
      // From its author (their account's erasure takes it back with everything else they caused),
      // to every moderator and admin, whoever blocked whom; not to the author, if they are staff.
      for (const { id } of await findAll(ctx.collection(NOTIFY_STAFF)))
        await n.notify(`appeal:${e.id}:${id}`, id, post.userId, 'post_appealed', post.id, 'post', e.data.text, {
          acrossBlocks: true,
        });
      return;
    case 'PostAppealRejected':
      await authorsOf(ctx).update(post.id, { set: { appealPending: false } });
      await n.takeBackAll(post.id, 'post_appealed');
      await tell('post_appeal_rejected', e.data.reason);
      return;
    case 'PostRestored':
      await authorsOf(ctx).update(post.id, { set: { appealPending: false } });
      // A decided appeal leaves no task in the moderators' inboxes (a rebuild keeps only those waiting).
      await n.takeBackAll(post.id, 'post_appealed');
      await tell(post.appealPending === true ? 'post_appeal_accepted' : 'post_restored', '');
      return;
  }
}

/** The app's moderators and admins, as their roles change (an account deleted leaves with forgetStaff). */
export async function staffRoleChanged(e: Recorded<EventsOf<UserEvent, 'RoleChanged'>>, ctx: ProjectionContext) {
  const userId = e.streamId.slice('user-'.length);
  if (e.data.role === 'moderator' || e.data.role === 'admin') await ctx.collection(NOTIFY_STAFF).upsert({ id: userId });
  else await forgetStaff(userId, ctx);
}

export const forgetStaff = (userId: string, ctx: ProjectionContext) => ctx.collection(NOTIFY_STAFF).delete(userId);
