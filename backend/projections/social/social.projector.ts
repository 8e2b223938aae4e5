import type { ReactionEvent, ReactionKind } from '@modules/social/events';
import { REACTION_EVENTS } from '@modules/social/events';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { HidingEvent } from '../relationships';
import { defineProjector, type ProjectionContext, type Projector, type Recorded } from '../runner';
import { retireAuthor, revealAuthor } from './author-lifecycle';
import {
  type CommentDoc,
  COMMENTS,
  isGone,
  POST_REACTIONS,
  type PostDoc,
  postDocOf,
  type PostModerationDoc,
  POSTS,
  type ReactionDoc,
  reactionDocId,
  type ReportDoc,
  REPORTS,
  SOCIAL_PROJECTOR,
  VIEWER_MARKS,
  type ViewerMarksDoc,
  viewerMarksDocId,
} from './docs';
import { stageHideRoomChanges, stagePostPushes } from './pushes';
import { postIdOf, type SocialEvent } from './social-events';

const COUNTER: Record<ReactionKind, 'likes' | 'bookmarks' | 'reposts'> = {
  like: 'likes',
  bookmark: 'bookmarks',
  repost: 'reposts',
};
const MARK: Record<ReactionKind, 'liked' | 'bookmarked' | 'reposted'> = {
  like: 'liked',
  bookmark: 'bookmarked',
  repost: 'reposted',
};

const postsOf = (ctx: ProjectionContext) => ctx.collection<PostDoc>(POSTS);
const memberOf = (event: { streamId: string }) => event.streamId.slice('user-'.length);

/**
 * Posts with their counters, reactions, poll votes, comments and reports; changes are pushed to the
 * screens that show them (pushes.ts) once the batch has committed.
 */
export function socialProjector(outbox: PushOutbox | null = null): Projector {
  const hidingChanged = (e: Recorded<HidingEvent>, ctx: ProjectionContext) => stageHideRoomChanges(outbox, e, ctx);
  return defineProjector<SocialEvent>({
    name: SOCIAL_PROJECTOR,
    // 2: the viewer's marks of a post in one document (VIEWER_MARKS) instead of poll_votes.
    // 3: a hidden post keeps why and when it was hidden, and its author's appeal (`moderation`).
    // 4: posts and comments of private communities say so (`privateCommunity`): an unverified
    //    author's are revealed to the community's members, not to everyone, once verified.
    version: 4,
    collections: [
      {
        name: POSTS,
        indexes: [
          { fields: ['status'], sort: { field: 'id' } },
          { fields: ['userId'], sort: { field: 'id' } },
          { fields: ['communityId', 'status'], sort: { field: 'id' } },
        ],
      },
      {
        name: POST_REACTIONS,
        indexes: [{ fields: ['kind', 'userId'], sort: { field: 'position' } }, { fields: ['postId'] }],
      },
      { name: VIEWER_MARKS },
      {
        name: COMMENTS,
        indexes: [
          { fields: ['postId'], sort: { field: 'id' } },
          { fields: ['userId'], sort: { field: 'id' } },
        ],
      },
      { name: REPORTS, indexes: [{ fields: ['status'], sort: { field: 'createdAt' } }] },
    ],
    prefetch(events) {
      const marks = events.flatMap((e) => (isMarking(e) ? [viewerMarksDocId(e.data.postId, e.data.userId)] : []));
      return { [POSTS]: events.map(postIdOf).filter((id): id is string => !!id), [VIEWER_MARKS]: marks };
    },
    on: {
      PostCreated: createPost,
      async PostEdited({ data: d }, ctx) {
        await postsOf(ctx).update(d.postId, {
          set: { content: d.content, hashtags: d.hashtags, mentions: d.mentions, editedAt: d.editedAt },
        });
      },
      async PostDeleted({ data }, ctx) {
        await postsOf(ctx).update(data.postId, { set: { status: 'deleted', isPinned: false } });
      },
      PostHidden: hide,
      async PostRestored({ data }, ctx) {
        const post = await postsOf(ctx).get(data.postId);
        if (post?.status === 'hidden')
          await postsOf(ctx).update(data.postId, {
            set: { status: post.hiddenFrom ?? 'public', hiddenFrom: null, moderation: null },
          });
      },
      async PostAppealed({ data: d }, ctx) {
        await setAppeal(ctx, d.postId, { status: 'pending', text: d.text, at: d.at, decision: null });
      },
      async PostAppealRejected({ data: d }, ctx) {
        await setAppeal(ctx, d.postId, (appeal) => ({
          ...appeal,
          status: 'rejected',
          decision: { reason: d.reason, at: d.at },
        }));
      },
      async PostPinned({ data }, ctx) {
        if (data.previousPostId) await postsOf(ctx).update(data.previousPostId, { set: { isPinned: false } });
        await postsOf(ctx).update(data.postId, { set: { isPinned: true } });
      },
      async PostUnpinned({ data }, ctx) {
        await postsOf(ctx).update(data.postId, { set: { isPinned: false } });
      },
      PollVoted: vote,
      CommentAdded: addComment,
      async CommentDeleted({ data }, ctx) {
        await ctx.collection<CommentDoc>(COMMENTS).update(data.commentId, { set: { status: 'deleted' } });
        await postsOf(ctx).update(data.postId, { inc: { comments: -1 } });
      },
      async PostReported({ data: d }, ctx) {
        await ctx.collection<ReportDoc>(REPORTS).upsert({
          id: d.reportId,
          postId: d.postId,
          reporterId: d.reporterId,
          reason: d.reason,
          status: 'open',
          createdAt: d.at,
        });
      },
      [REACTION_EVENTS.like.on]: reacted('like', true),
      [REACTION_EVENTS.like.off]: reacted('like', false),
      [REACTION_EVENTS.bookmark.on]: reacted('bookmark', true),
      [REACTION_EVENTS.bookmark.off]: reacted('bookmark', false),
      [REACTION_EVENTS.repost.on]: reacted('repost', true),
      [REACTION_EVENTS.repost.off]: reacted('repost', false),
      EmailVerified: (e, ctx) => revealAuthor(ctx, memberOf(e)),
      AccountDeleted: (e, ctx) => retireAuthor(ctx, memberOf(e)),
      UserBlocked: hidingChanged,
      UserUnblocked: hidingChanged,
      UserMuted: hidingChanged,
      UserUnmuted: hidingChanged,
    },
    // Only an event about a post has something to push (an author's account or a block has none).
    afterEach: (e, ctx) => stagePostPushes(outbox, e, ctx),
  });
}

async function createPost({ data: d }: Recorded<SocialEvent, 'PostCreated'>, ctx: ProjectionContext) {
  await postsOf(ctx).upsert(postDocOf(d));
}

async function hide({ data: d }: Recorded<SocialEvent, 'PostHidden'>, ctx: ProjectionContext) {
  const post = await postsOf(ctx).get(d.postId);
  if (!post || isGone(post.status)) return;
  const moderation: PostModerationDoc = {
    reason: d.reason,
    hiddenAt: d.at,
    byCommunity: d.communityId !== undefined,
    appeal: null,
  };
  await postsOf(ctx).update(d.postId, { set: { status: 'hidden', hiddenFrom: post.status, moderation } });
}

type Appeal = NonNullable<PostModerationDoc['appeal']>;

/** The appeal of the hiding in force: a new one, or what a moderator decided about the one there is. */
async function setAppeal(ctx: ProjectionContext, postId: string, next: Appeal | ((appeal: Appeal) => Appeal)) {
  const post = await postsOf(ctx).get(postId);
  const moderation = post?.status === 'hidden' ? post.moderation : null;
  if (!moderation) return;
  const appeal = typeof next === 'function' ? (moderation.appeal ? next(moderation.appeal) : null) : next;
  if (appeal) await postsOf(ctx).update(postId, { set: { moderation: { ...moderation, appeal } } });
}

async function vote({ data: d }: Recorded<SocialEvent, 'PollVoted'>, ctx: ProjectionContext) {
  const inc: Record<string, number> = { [`poll.votes.${d.option - 1}`]: 1 };
  if (d.previousOption) inc[`poll.votes.${d.previousOption - 1}`] = -1;
  await postsOf(ctx).update(d.postId, { inc });
  await mark(ctx, d, { vote: d.option });
}

/** Events that change what a member has done to a post. */
const MARKING = new Set<string>(['PollVoted', ...Object.values(REACTION_EVENTS).flatMap((e) => [e.on, e.off])]);
const isMarking = (
  e: Recorded<SocialEvent>,
): e is Recorded<SocialEvent> & { data: { postId: string; userId: string } } => MARKING.has(e.type);

function mark(ctx: ProjectionContext, d: { postId: string; userId: string }, set: Partial<ViewerMarksDoc>) {
  return ctx
    .collection<ViewerMarksDoc>(VIEWER_MARKS)
    .update(
      viewerMarksDocId(d.postId, d.userId),
      { set: { postId: d.postId, userId: d.userId, ...set } },
      { upsert: true },
    );
}

async function addComment({ data: d }: Recorded<SocialEvent, 'CommentAdded'>, ctx: ProjectionContext) {
  // A comment on a private community's post is for the community's members, as the post is
  // (whatever the post's status: an unverified author's post there is `limited`).
  const post = await postsOf(ctx).get(d.postId);
  const inPrivate = !!post?.privateCommunity || post?.status === 'members';
  await ctx.collection<CommentDoc>(COMMENTS).upsert({
    id: d.commentId,
    postId: d.postId,
    userId: d.userId,
    content: d.content,
    media: d.media ?? [],
    status: d.limited ? 'limited' : inPrivate ? 'members' : 'public',
    ...(inPrivate ? { privateCommunity: true as const } : {}),
    createdAt: d.createdAt,
    editedAt: null,
  });
  await postsOf(ctx).update(d.postId, { inc: { comments: 1 } });
}

/** A reaction switched on or off: its own document, the member's marks and the post's counter of that kind. */
function reacted(kind: ReactionKind, on: boolean) {
  return async ({ data: d, checkpoint }: Recorded<ReactionEvent>, ctx: ProjectionContext) => {
    const id = reactionDocId(kind, d.postId, d.userId);
    const reactions = ctx.collection<ReactionDoc>(POST_REACTIONS);
    if (on) await reactions.upsert({ id, kind, postId: d.postId, userId: d.userId, at: d.at, position: checkpoint });
    else await reactions.delete(id);
    await mark(ctx, d, { [MARK[kind]]: on });
    await postsOf(ctx).update(d.postId, { inc: { [COUNTER[kind]]: on ? 1 : -1 } });
  };
}
