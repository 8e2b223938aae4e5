import type { UserEvent } from '@modules/identity/events';
import type { PostEvent } from '@modules/social/events';

import type { EventHandlers, EventsOf, ProjectionContext, Recorded } from '../runner';
import { type AppealDoc, APPEALS } from './docs';

/** What the appeal queue follows: appeals and what ends them. */
export type AppealHandled =
  | EventsOf<PostEvent, 'PostAppealed' | 'PostAppealRejected' | 'PostRestored' | 'PostDeleted'>
  | EventsOf<UserEvent, 'AccountDeleted'>;

const appealsOf = (ctx: ProjectionContext) => ctx.collection<AppealDoc>(APPEALS);

/** Decides the appeal of a post if one waits (a restore of a post nobody appealed leaves no entry). */
async function decide(
  ctx: ProjectionContext,
  postId: string,
  change: Pick<AppealDoc, 'status' | 'decision'>,
  position: string,
) {
  const appeal = await appealsOf(ctx).get(postId);
  if (appeal?.status !== 'pending') return;
  await appealsOf(ctx).update(postId, { set: { ...change, queue: 'decided', position } });
}

/**
 * The moderators' appeal queue: an appeal waits until a moderator restores the post (granted) or
 * keeps it hidden (rejected); deleting the post, or the author's account, withdraws it.
 */
export const appealHandlers: EventHandlers<AppealHandled> = {
  async PostAppealed({ data: d, checkpoint }, ctx) {
    await appealsOf(ctx).upsert({
      id: d.postId,
      postId: d.postId,
      authorId: d.userId,
      status: 'pending',
      text: d.text,
      appealedAt: d.at,
      hiding: d.hiding,
      decision: null,
      queue: 'pending',
      position: checkpoint,
    });
  },
  PostAppealRejected: ({ data: d, checkpoint }, ctx) =>
    decide(ctx, d.postId, { status: 'rejected', decision: decisionOf(d) }, checkpoint),
  PostRestored: ({ data: d, checkpoint }, ctx) =>
    decide(ctx, d.postId, { status: 'granted', decision: decisionOf(d) }, checkpoint),
  PostDeleted: ({ data: d, checkpoint }, ctx) =>
    decide(ctx, d.postId, { status: 'withdrawn', decision: null }, checkpoint),
  async AccountDeleted(e, ctx) {
    const authorId = e.streamId.slice('user-'.length);
    // Each round's updates leave the filter, so the loop ends once none waits.
    for (;;) {
      const { items } = await appealsOf(ctx).find({ where: { authorId, status: 'pending' }, limit: 500 });
      if (items.length === 0) break;
      for (const a of items) await decide(ctx, a.postId, { status: 'withdrawn', decision: null }, e.checkpoint);
    }
  },
};

const decisionOf = (d: Recorded<AppealHandled, 'PostRestored'>['data']) => ({
  moderatorId: d.moderatorId,
  reason: d.reason,
  at: d.at,
});
