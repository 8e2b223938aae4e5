import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { Role } from '../../identity';
import type { CommentEvent } from '../events';
import { MESSAGES } from '../limits';

export interface CommentState {
  exists: boolean;
  deleted: boolean;
  commentId: string | null;
  postId: string | null;
  userId: string | null;
}

type CommentAdded = Extract<CommentEvent, { type: 'CommentAdded' }>['data'];

export type CommentCommand =
  | { type: 'AddComment'; comment: CommentAdded }
  /** postOwnerId: the owner of the post the comment is on, who may remove comments under it. */
  | { type: 'DeleteComment'; actorId: string; postOwnerId: string | null; now: string }
  /** A moderator removes a comment, for a reason (issue 19). */
  | { type: 'ModerateComment'; actorId: string; actorRole: Role; reason: string; now: string };

const initialState = (): CommentState => ({
  exists: false,
  deleted: false,
  commentId: null,
  postId: null,
  userId: null,
});

function evolve(s: CommentState, e: CommentEvent): CommentState {
  if (e.type === 'CommentAdded')
    return { ...s, exists: true, commentId: e.data.commentId, postId: e.data.postId, userId: e.data.userId };
  return { ...s, deleted: true };
}

function decide(s: CommentState, c: CommentCommand): CommentEvent[] {
  if (c.type === 'AddComment') {
    if (s.exists) throw new DomainError('COMMENT_EXISTS', 'This comment already exists', 409);
    if (!c.comment.content.trim() && !c.comment.media?.length)
      throw new DomainError('EMPTY_COMMENT', MESSAGES.emptyComment, 400);
    return [{ type: 'CommentAdded', data: c.comment }];
  }
  if (!s.exists || s.deleted) throw new DomainError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound, 404);
  if (c.type === 'ModerateComment') {
    if (c.actorRole !== 'moderator' && c.actorRole !== 'admin')
      throw new DomainError('FORBIDDEN', MESSAGES.moderatorsOnly, 403);
    const data = { commentId: s.commentId!, postId: s.postId!, deletedBy: c.actorId, deletedAt: c.now };
    return [{ type: 'CommentDeleted', data: { ...data, reason: c.reason } }];
  }
  if (c.actorId !== s.userId && c.actorId !== c.postOwnerId)
    throw new DomainError('FORBIDDEN', MESSAGES.deleteCommentNotAllowed, 403);
  return [
    {
      type: 'CommentDeleted',
      data: { commentId: s.commentId!, postId: s.postId!, deletedBy: c.actorId, deletedAt: c.now },
    },
  ];
}

export const commentDecider: Decider<CommentState, CommentCommand, CommentEvent> = { initialState, evolve, decide };
