import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { PushOutbox } from '../../modules/realtime/push-outbox';
import type { ProjectionContext } from '../runner/projector';
import { POSTS, type PostDoc } from './social.docs';

export const SOCIAL_PROJECTOR = 'social';

/** Clients that show a post watch its room (`watch_posts`); the home feed watches FEED_ROOM. */
export const postRoom = (postId: string) => `post:${postId}`;
export const FEED_ROOM = 'feed';

/** Events that change what a post card shows. */
const CHANGES_A_POST = new Set([
  'PostEdited', 'PostDeleted', 'PollVoted', 'CommentAdded', 'CommentDeleted',
  'PostLiked', 'PostUnliked', 'PostBookmarked', 'PostUnbookmarked', 'PostReposted', 'PostUnreposted',
]);

/**
 * Stages what the social read model's change means for open screens: `post_updated` with the new
 * counts for whoever watches the post (one per post and batch: a later one replaces an earlier one
 * before sending), and `feed_new_posts` for the home feed's New posts banner.
 */
export async function stagePostPushes(outbox: PushOutbox | null, event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  if (!outbox?.accepts(event.metadata.occurredAt)) return;
  const postId = (event.data as { postId?: string }).postId;
  if (!postId) return;
  const stage = (push: Parameters<PushOutbox['stage']>[3]) => outbox.stage(SOCIAL_PROJECTOR, event.checkpoint, event.metadata.occurredAt, push);
  if (event.type === 'PostCreated') {
    const post = await ctx.collection<PostDoc>(POSTS).get(postId);
    // A limited post (unverified author) stays out of the feed, so it is no news there either.
    if (post?.status !== 'public') return;
    stage({ id: `feed:${postId}`, rooms: [FEED_ROOM], event: 'feed_new_posts', payload: { count: 1, postIds: [postId], authorIds: [post.userId] } });
    return;
  }
  if (!CHANGES_A_POST.has(event.type)) return;
  const post = await ctx.collection<PostDoc>(POSTS).get(postId);
  if (!post) return;
  stage({ id: `post_updated:${postId}`, rooms: [postRoom(postId)], event: 'post_updated', payload: postCounts(post) });
}

/** The shared numbers of a post (never anything about one viewer, such as isLiked). */
export function postCounts(post: PostDoc) {
  return {
    postId: post.id,
    deleted: post.status === 'deleted',
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
