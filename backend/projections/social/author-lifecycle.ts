import type { ProjectionContext } from '../runner';
import { type CommentDoc, COMMENTS, type PostDoc, POSTS, type Visibility } from './docs';

/**
 * The author verified their email: what they wrote while limited joins the public feed, but what
 * they wrote in a private community joins that community only.
 */
export async function revealAuthor(ctx: ProjectionContext, userId: string) {
  await setStatusWhere(ctx, userId, 'limited', (doc) => (doc.privateCommunity ? 'members' : 'public'));
}

/** The account is gone: its posts and comments leave every list. */
export async function retireAuthor(ctx: ProjectionContext, userId: string) {
  await setStatusWhere(ctx, userId, 'limited', 'deleted');
  await setStatusWhere(ctx, userId, 'public', 'deleted');
  await setStatusWhere(ctx, userId, 'shared', 'deleted');
  await setStatusWhere(ctx, userId, 'members', 'deleted');
  await setStatusWhere(ctx, userId, 'hidden', 'deleted');
}

async function setStatusWhere(
  ctx: ProjectionContext,
  userId: string,
  from: Visibility,
  to: Visibility | ((doc: PostDoc | CommentDoc) => Visibility),
) {
  for (const name of [POSTS, COMMENTS]) {
    const docs = ctx.collection<PostDoc | CommentDoc>(name);
    // Each round's updates leave the filter, so the loop ends once nothing matches.
    for (;;) {
      const page = await docs.find({ where: { userId, status: from }, limit: 500 });
      if (page.items.length === 0) break;
      for (const doc of page.items)
        await docs.update(doc.id, { set: { status: typeof to === 'function' ? to(doc) : to } });
    }
  }
}
