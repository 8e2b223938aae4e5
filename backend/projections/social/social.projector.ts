import type {
  CommentEvent,
  PinEvent,
  PostEvent,
  ReactionData,
  ReactionKind,
  ReportEvent,
  VoteEvent,
} from '@modules/social/events';
import { REACTION_EVENTS, REACTION_KINDS } from '@modules/social/events';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import { HIDING_EVENT_TYPES } from '../relationships';
import type { ProjectionContext, Projector } from '../runner';
import { retireAuthor, revealAuthor } from './author-lifecycle';
import {
  type CommentDoc,
  COMMENTS,
  POLL_VOTES,
  POST_REACTIONS,
  type PostDoc,
  POSTS,
  type ReactionDoc,
  reactionDocId,
  type ReportDoc,
  REPORTS,
  SOCIAL_PROJECTOR,
  type VoteDoc,
  voteDocId,
} from './docs';
import { stageHideRoomChanges, stagePostPushes } from './pushes';

const COUNTER: Record<ReactionKind, 'likes' | 'bookmarks' | 'reposts'> = {
  like: 'likes',
  bookmark: 'bookmarks',
  repost: 'reposts',
};

/** Reaction event type -> [kind, switched on?]. */
const REACTIONS = new Map<string, [ReactionKind, boolean]>(
  REACTION_KINDS.flatMap(
    (k) =>
      [
        [REACTION_EVENTS[k].on, [k, true]],
        [REACTION_EVENTS[k].off, [k, false]],
      ] as [string, [ReactionKind, boolean]][],
  ),
);

const HIDING = new Set(HIDING_EVENT_TYPES);

type SocialEvent = PostEvent | PinEvent | VoteEvent | CommentEvent | ReportEvent;

/**
 * Posts with their counters, reactions, poll votes, comments and reports; changes are pushed to the
 * screens that show them (post-pushes.ts) once the batch has committed.
 */
export function socialProjector(outbox: PushOutbox | null = null): Projector {
  return {
    name: SOCIAL_PROJECTOR,
    version: 1,
    handles: [
      'PostCreated',
      'PostEdited',
      'PostDeleted',
      'PostPinned',
      'PostUnpinned',
      'PollVoted',
      'CommentAdded',
      'CommentDeleted',
      'PostReported',
      ...REACTIONS.keys(),
      // The author's verification reveals their limited posts; a deleted account takes its posts along.
      'EmailVerified',
      'AccountDeleted',
      // Blocks and mutes change no document here, only who hears of new posts (stageHideRoomChanges).
      ...HIDING_EVENT_TYPES,
    ],
    collections: [
      {
        name: POSTS,
        indexes: [
          { fields: ['status'], sort: { field: 'id' } },
          { fields: ['userId'], sort: { field: 'id' } },
        ],
      },
      {
        name: POST_REACTIONS,
        indexes: [{ fields: ['kind', 'userId'], sort: { field: 'position' } }, { fields: ['postId'] }],
      },
      { name: POLL_VOTES, indexes: [{ fields: ['postId'] }] },
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
      const ids = events.map((e) => (e.data as { postId?: string }).postId).filter((id): id is string => !!id);
      return { [POSTS]: ids };
    },
    async handle(event: RecordedEvent, ctx: ProjectionContext) {
      if (HIDING.has(event.type)) return stageHideRoomChanges(outbox, event, ctx);
      const reaction = REACTIONS.get(event.type);
      if (reaction) await applyReaction(ctx, reaction[0], reaction[1], event.data as ReactionData, event.checkpoint);
      else if (event.streamId.startsWith('user-')) {
        const userId = event.streamId.slice('user-'.length);
        return event.type === 'EmailVerified' ? revealAuthor(ctx, userId) : retireAuthor(ctx, userId);
      } else await applySocial(ctx, { type: event.type, data: event.data } as SocialEvent);
      await stagePostPushes(outbox, event, ctx);
    },
  };
}

async function applySocial(ctx: ProjectionContext, e: SocialEvent) {
  const posts = ctx.collection<PostDoc>(POSTS);
  switch (e.type) {
    case 'PostCreated': {
      const d = e.data;
      const media = d.media ?? [];
      await posts.upsert({
        id: d.postId,
        userId: d.userId,
        type: d.type,
        content: d.content,
        hashtags: d.hashtags,
        mentions: d.mentions,
        poll: d.poll
          ? { question: d.poll.question, options: d.poll.options, votes: d.poll.options.map(() => 0) }
          : null,
        quotedPostId: d.quotedPostId,
        imageCaptions: d.imageCaptions,
        // The media module's stable addresses (its read side gives the variants and posters).
        imageUrls: media.filter((m) => m.kind === 'image').map((m) => `/media/${m.id}`),
        videoUrl: media.some((m) => m.kind === 'video')
          ? `/media/${media.find((m) => m.kind === 'video')!.id}/video.mp4`
          : null,
        media,
        hasMedia: media.length > 0,
        status: d.answer ? 'shared' : d.limited ? 'limited' : 'public',
        ...(d.answer ? { answer: d.answer } : {}),
        isPinned: false,
        createdAt: d.createdAt,
        editedAt: null,
        likes: 0,
        comments: 0,
        reposts: 0,
        bookmarks: 0,
      });
      return;
    }
    case 'PostEdited':
      await posts.update(e.data.postId, {
        set: {
          content: e.data.content,
          hashtags: e.data.hashtags,
          mentions: e.data.mentions,
          editedAt: e.data.editedAt,
        },
      });
      return;
    case 'PostDeleted':
      await posts.update(e.data.postId, { set: { status: 'deleted', isPinned: false } });
      return;
    case 'PostPinned':
      if (e.data.previousPostId) await posts.update(e.data.previousPostId, { set: { isPinned: false } });
      await posts.update(e.data.postId, { set: { isPinned: true } });
      return;
    case 'PostUnpinned':
      await posts.update(e.data.postId, { set: { isPinned: false } });
      return;
    case 'PollVoted': {
      const d = e.data;
      const inc: Record<string, number> = { [`poll.votes.${d.option - 1}`]: 1 };
      if (d.previousOption) inc[`poll.votes.${d.previousOption - 1}`] = -1;
      await posts.update(d.postId, { inc });
      await ctx
        .collection<VoteDoc>(POLL_VOTES)
        .upsert({ id: voteDocId(d.postId, d.userId), postId: d.postId, userId: d.userId, option: d.option });
      return;
    }
    case 'CommentAdded': {
      const d = e.data;
      await ctx.collection<CommentDoc>(COMMENTS).upsert({
        id: d.commentId,
        postId: d.postId,
        userId: d.userId,
        content: d.content,
        media: d.media ?? [],
        status: d.limited ? 'limited' : 'public',
        createdAt: d.createdAt,
        editedAt: null,
      });
      await posts.update(d.postId, { inc: { comments: 1 } });
      return;
    }
    case 'CommentDeleted':
      await ctx.collection<CommentDoc>(COMMENTS).update(e.data.commentId, { set: { status: 'deleted' } });
      await posts.update(e.data.postId, { inc: { comments: -1 } });
      return;
    case 'PostReported': {
      const d = e.data;
      await ctx.collection<ReportDoc>(REPORTS).upsert({
        id: d.reportId,
        postId: d.postId,
        reporterId: d.reporterId,
        reason: d.reason,
        status: 'open',
        createdAt: d.at,
      });
      return;
    }
  }
}

async function applyReaction(
  ctx: ProjectionContext,
  kind: ReactionKind,
  on: boolean,
  d: ReactionData,
  position: string,
) {
  const id = reactionDocId(kind, d.postId, d.userId);
  const reactions = ctx.collection<ReactionDoc>(POST_REACTIONS);
  if (on) await reactions.upsert({ id, kind, postId: d.postId, userId: d.userId, at: d.at, position });
  else await reactions.delete(id);
  await ctx.collection<PostDoc>(POSTS).update(d.postId, { inc: { [COUNTER[kind]]: on ? 1 : -1 } });
}
