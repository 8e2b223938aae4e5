import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import { isStaff, type Role } from '../../identity';
import type { PostCreatedData, PostEvent, PostType } from '../events';
import { MESSAGES, POST_LIMITS } from '../limits';
import { parseHashtags, parseMentions } from './text-entities';

export interface PostState {
  exists: boolean;
  deleted: boolean;
  /** A moderator hid it: gone for everyone until restored. */
  hidden: boolean;
  postId: string | null;
  userId: string | null;
  type: PostType | null;
  createdAt: string | null;
  pollOptions: number;
  /** The community it was posted in, if any (PostCreatedData.community). */
  community: { id: string; private: boolean } | null;
}

export type PostCommand =
  | { type: 'CreatePost'; post: PostCreatedData }
  | { type: 'EditPost'; actorId: string; content: string; now: string }
  | { type: 'DeletePost'; actorId: string; actorRole: Role; now: string }
  | { type: 'HidePost'; actorId: string; actorRole: Role; reason: string; now: string }
  | { type: 'RestorePost'; actorId: string; actorRole: Role; reason: string; now: string }
  /** A community moderator takes a post out of their community (their authority is the community's to decide). */
  | { type: 'RemoveFromCommunity'; actorId: string; communityId: string; reason: string; now: string };

const initialState = (): PostState => ({
  exists: false,
  deleted: false,
  hidden: false,
  postId: null,
  userId: null,
  type: null,
  createdAt: null,
  pollOptions: 0,
  community: null,
});

function evolve(s: PostState, e: PostEvent): PostState {
  switch (e.type) {
    case 'PostCreated':
      return {
        ...s,
        exists: true,
        postId: e.data.postId,
        userId: e.data.userId,
        type: e.data.type,
        createdAt: e.data.createdAt,
        pollOptions: e.data.poll?.options.length ?? 0,
        community: e.data.community ?? null,
      };
    case 'PostEdited':
      return s;
    case 'PostDeleted':
      return { ...s, deleted: true };
    case 'PostHidden':
      return { ...s, hidden: true };
    case 'PostRestored':
      return { ...s, hidden: false };
  }
}

export const postNotFound = () => new DomainError('POST_NOT_FOUND', MESSAGES.postNotFound, 404);

/** True when the post exists and was not deleted (a hidden post is still live: it can be restored). */
export const isLive = (s: PostState) => s.exists && !s.deleted;

/** True when members can see the post and act on it. */
export const isVisible = (s: PostState) => isLive(s) && !s.hidden;

function decide(s: PostState, c: PostCommand): PostEvent[] {
  if (c.type === 'CreatePost') {
    if (s.exists) throw new DomainError('POST_EXISTS', 'This post already exists', 409);
    return [{ type: 'PostCreated', data: c.post }];
  }
  if (!isLive(s)) throw postNotFound();
  switch (c.type) {
    case 'EditPost': {
      if (s.hidden) throw postNotFound();
      if (c.actorId !== s.userId) throw new DomainError('NOT_POST_OWNER', MESSAGES.editNotOwner, 403);
      // The answer is the scholar's words, quoted with its verses: a share is kept as it was shared.
      if (s.type === 'ai_answer') throw new DomainError('ANSWER_NOT_EDITABLE', MESSAGES.answerNotEditable, 409);
      if (Date.parse(c.now) - Date.parse(s.createdAt!) > POST_LIMITS.editWindowMs)
        throw new DomainError('EDIT_WINDOW_CLOSED', MESSAGES.editWindow, 403);
      const content = c.content.trim();
      if (!content) throw new DomainError('VALIDATION_FAILED', MESSAGES.editEmpty, 400);
      if (content.length > POST_LIMITS.editMax) throw new DomainError('VALIDATION_FAILED', MESSAGES.editTooLong, 400);
      return [
        {
          type: 'PostEdited',
          data: {
            postId: s.postId!,
            content,
            hashtags: parseHashtags(content),
            mentions: parseMentions(content),
            editedAt: c.now,
          },
        },
      ];
    }
    case 'DeletePost': {
      if (c.actorId !== s.userId && !isStaff(c.actorRole))
        throw new DomainError('NOT_POST_OWNER', MESSAGES.deleteNotAllowed, 403);
      return [{ type: 'PostDeleted', data: { postId: s.postId!, deletedBy: c.actorId, deletedAt: c.now } }];
    }
    case 'RemoveFromCommunity':
      if (s.community?.id !== c.communityId) throw postNotFound();
      if (s.hidden) return [];
      return [{ type: 'PostHidden', data: { postId: s.postId!, moderatorId: c.actorId, reason: c.reason, at: c.now } }];
    case 'HidePost':
    case 'RestorePost': {
      if (!isStaff(c.actorRole)) throw new DomainError('FORBIDDEN', MESSAGES.moderatorsOnly, 403);
      const hide = c.type === 'HidePost';
      if (s.hidden === hide) throw new DomainError('CONFLICT', hide ? MESSAGES.alreadyHidden : MESSAGES.notHidden, 409);
      const data = { postId: s.postId!, moderatorId: c.actorId, reason: c.reason, at: c.now };
      return [hide ? { type: 'PostHidden', data } : { type: 'PostRestored', data }];
    }
  }
}

export const postDecider: Decider<PostState, PostCommand, PostEvent> = { initialState, evolve, decide };
