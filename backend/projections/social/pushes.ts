import { membershipPush, type Push, userRoom } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import { hiddenFromRooms, hideRoomChanges, type HidingEvent } from '../relationships';
import type { ProjectionContext, Recorded } from '../runner';
import { isGone, type PostDoc, POSTS, SOCIAL_PROJECTOR } from './docs';
import { postIdOf, type SocialEvent } from './social-events';

/** Clients that show a post watch its room (`watch_posts`); the home feed watches FEED_ROOM. */
export const postRoom = (postId: string) => `post:${postId}`;
export const FEED_ROOM = 'feed';

/** Events that change what a post card shows. */
const CHANGES_A_POST = new Set([
  'PostEdited',
  'PostDeleted',
  'PostHidden',
  'PostRestored',
  'PollVoted',
  'CommentAdded',
  'CommentDeleted',
  'PostLiked',
  'PostUnliked',
  'PostBookmarked',
  'PostUnbookmarked',
  'PostReposted',
  'PostUnreposted',
]);

/**
 * The feed news of the batch being handled, per author: one `feed_new_posts` per author and batch
 * (each author's goes to the feed room except the sockets of members who hide that author), so a
 * batch sends at most one emit per distinct author however many posts it holds. Keyed by the
 * batch's context: a batch handled again (in a transaction) starts over and stages the same ids.
 */
const feedNews = new WeakMap<ProjectionContext, Map<string, { id: string; postIds: string[] }>>();

/**
 * Stages what the social read model's change means for open screens: `post_updated` with the new
 * counts for whoever watches the post (one per post and batch: a later one replaces an earlier one
 * before sending), and `feed_new_posts` for the home feed's New posts banner.
 */
export async function stagePostPushes(
  outbox: PushOutbox | null,
  event: Recorded<SocialEvent>,
  ctx: ProjectionContext,
): Promise<void> {
  if (!outbox?.accepts(event, ctx)) return;
  const postId = postIdOf(event);
  if (!postId) return;
  const stage = (push: Push) => outbox.stage(SOCIAL_PROJECTOR, event, ctx, push);
  if (event.type === 'PostCreated') {
    const post = await ctx.collection<PostDoc>(POSTS).get(postId);
    // A limited post (unverified author) stays out of the feed, so it is no news there either.
    if (post?.status !== 'public') return;
    let byAuthor = feedNews.get(ctx);
    if (!byAuthor) feedNews.set(ctx, (byAuthor = new Map()));
    let news = byAuthor.get(post.userId);
    if (!news) byAuthor.set(post.userId, (news = { id: `feed:${postId}`, postIds: [] }));
    news.postIds.push(postId);
    // Staged again under the same id as the author's posts of the batch add up (the last one wins).
    // authorIds has one entry per post: the client takes its own posts out of count with it.
    stage({
      id: news.id,
      rooms: [FEED_ROOM],
      except: hiddenFromRooms(post.userId),
      event: 'feed_new_posts',
      payload: {
        count: news.postIds.length,
        postIds: [...news.postIds],
        authorIds: news.postIds.map(() => post.userId),
      },
    });
    return;
  }
  if (!CHANGES_A_POST.has(event.type)) return;
  const post = await ctx.collection<PostDoc>(POSTS).get(postId);
  if (!post) return;
  stage({ id: `post_updated:${postId}`, rooms: [postRoom(postId)], event: 'post_updated', payload: postCounts(post) });
}

/**
 * A block or mute (or its end) moves the sockets of the members concerned into or out of the hide
 * rooms (relationships/hide-rooms.ts), so the feed news that follows in the log reaches them or
 * not. Staged by this projector, in log order with the feed news it staged before and after (a
 * room change never overtakes or trails a post it should apply to).
 */
export function stageHideRoomChanges(
  outbox: PushOutbox | null,
  event: Recorded<HidingEvent>,
  ctx: ProjectionContext,
): void {
  // State: however late; never from a rebuild, whose history the sockets already follow.
  if (!outbox?.accepts(event, ctx, 'state')) return;
  const changes = hideRoomChanges(event);
  changes.forEach((c, i) => {
    const push = membershipPush(
      `rooms:${event.id}:${i}`,
      [userRoom(c.memberId)],
      c.join ? { join: [c.room] } : { leave: [c.room] },
    );
    outbox.stage(SOCIAL_PROJECTOR, event, ctx, push, 'state');
  });
  // Posts after this change in the same batch are news of their own: an author's news staged before
  // it must not take them in (they would leave before the change and reach the wrong sockets).
  if (changes.length > 0) feedNews.delete(ctx);
}

/** The shared numbers of a post (never anything about one viewer, such as isLiked). */
export function postCounts(post: PostDoc) {
  return {
    postId: post.id,
    // A hidden post leaves open screens as a deleted one does (a restore shows it again on refetch).
    deleted: isGone(post.status),
    // Not the text itself: a client that sees a newer editedAt refetches the post through the API,
    // which applies blocks and visibility for that viewer.
    editedAt: post.editedAt,
    likes: post.likes,
    likeCount: post.likes,
    commentsCount: post.comments,
    commentCount: post.comments,
    reposts: post.reposts,
    bookmarks: post.bookmarks,
    poll: post.poll ? { votes: post.poll.votes, totalVotes: post.poll.votes.reduce((a, b) => a + b, 0) } : null,
  };
}
