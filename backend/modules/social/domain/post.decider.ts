import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import { isStaff, type Role } from '../../identity';
import type { PostCreatedData, PostEvent, PostHiddenData, PostType } from '../events';
import { MESSAGES, POST_LIMITS } from '../limits';
import { parseHashtags, parseMentions } from './text-entities';

export interface PostState {
  exists: boolean;
  deleted: boolean;
  /** A moderator hid it: gone for everyone but its author and the app's moderators until restored. */
  hidden: boolean;
  /** The hiding in force (null while visible), and where its appeal stands. */
  hiding: Hiding | null;
  postId: string | null;
  userId: string | null;
  type: PostType | null;
  createdAt: string | null;
  pollOptions: number;
  /** The community it was posted in, if any (PostCreatedData.community). */
  community: { id: string; private: boolean } | null;
}

/** One hiding of a post; an appeal is allowed once per hiding (a restore and a new hiding allow another). */
export interface Hiding {
  moderatorId: string;
  reason: string;
  at: string;
  /** A community's moderators removed it from their community: not for the app's moderators to review. */
  byCommunity: boolean;
  appeal: 'pending' | 'rejected' | null;
}

export type PostCommand =
  | { type: 'CreatePost'; post: PostCreatedData }
  | { type: 'EditPost'; actorId: string; content: string; now: string }
  | { type: 'DeletePost'; actorId: string; actorRole: Role; now: string }
  /** The community it was posted in was deleted (by actorId): its posts go with it. */
  | { type: 'DeleteWithCommunity'; communityId: string; actorId: string; now: string }
  | { type: 'HidePost'; actorId: string; actorRole: Role; reason: string; now: string }
  | { type: 'RestorePost'; actorId: string; actorRole: Role; reason: string; now: string }
  /** The author asks the app's moderators to look again at a hiding, in a few words of their own (may be empty). */
  | { type: 'AppealPost'; actorId: string; text: string; now: string }
  /** A moderator keeps a post hidden after reading its author's appeal. */
  | { type: 'RejectAppeal'; actorId: string; actorRole: Role; reason: string; now: string }
  /** A community moderator takes a post out of their community (their authority is the community's to decide). */
  | { type: 'RemoveFromCommunity'; actorId: string; communityId: string; reason: string; now: string };

const initialState = (): PostState => ({
  exists: false,
  deleted: false,
  hidden: false,
  hiding: null,
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
      return { ...s, hidden: true, hiding: hidingOf(e.data) };
    case 'PostRestored':
      return { ...s, hidden: false, hiding: null };
    case 'PostAppealed':
      return s.hiding ? { ...s, hiding: { ...s.hiding, appeal: 'pending' } } : s;
    case 'PostAppealRejected':
      return s.hiding ? { ...s, hiding: { ...s.hiding, appeal: 'rejected' } } : s;
  }
}

const hidingOf = (d: PostHiddenData): Hiding => ({
  moderatorId: d.moderatorId,
  reason: d.reason,
  at: d.at,
  byCommunity: d.communityId !== undefined,
  appeal: null,
});

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
    case 'DeleteWithCommunity':
      if (s.community?.id !== c.communityId) throw postNotFound();
      return [{ type: 'PostDeleted', data: { postId: s.postId!, deletedBy: c.actorId, deletedAt: c.now } }];
    case 'RemoveFromCommunity':
      if (s.community?.id !== c.communityId) throw postNotFound();
      if (s.hidden) return [];
      return [
        {
          type: 'PostHidden',
          data: { postId: s.postId!, moderatorId: c.actorId, reason: c.reason, at: c.now, communityId: c.communityId },
        },
      ];
    case 'HidePost':
    case 'RestorePost': {
      if (!isStaff(c.actorRole)) throw new DomainError('FORBIDDEN', MESSAGES.moderatorsOnly, 403);
      const hide = c.type === 'HidePost';
      if (s.hidden === hide) throw new DomainError('CONFLICT', hide ? MESSAGES.alreadyHidden : MESSAGES.notHidden, 409);
      const data = { postId: s.postId!, moderatorId: c.actorId, reason: c.reason, at: c.now };
      return [hide ? { type: 'PostHidden', data } : { type: 'PostRestored', data }];
    }
    case 'AppealPost':
      return appeal(s, c);
    case 'RejectAppeal': {
      if (!isStaff(c.actorRole)) throw new DomainError('FORBIDDEN', MESSAGES.moderatorsOnly, 403);
      if (s.hiding?.appeal !== 'pending') throw new DomainError('NO_OPEN_APPEAL', MESSAGES.noOpenAppeal, 409);
      return [
        {
          type: 'PostAppealRejected',
          data: { postId: s.postId!, moderatorId: c.actorId, reason: c.reason, at: c.now },
        },
      ];
    }
  }
}

/**
 * The author's appeal of the hiding in force, once per hiding. Anyone else is refused as the post is
 * shown to them: a hidden post does not exist for them (404), a visible one is not theirs (403).
 */
function appeal(s: PostState, c: Extract<PostCommand, { type: 'AppealPost' }>): PostEvent[] {
  if (c.actorId !== s.userId)
    throw s.hidden ? postNotFound() : new DomainError('NOT_POST_OWNER', MESSAGES.appealNotOwner, 403);
  const hiding = s.hiding;
  if (!hiding) throw new DomainError('NOT_HIDDEN', MESSAGES.appealNotHidden, 409);
  if (hiding.byCommunity) throw new DomainError('COMMUNITY_REMOVAL', MESSAGES.appealCommunity, 409);
  if (hiding.appeal === 'pending') throw new DomainError('ALREADY_APPEALED', MESSAGES.appealTwice, 409);
  if (hiding.appeal === 'rejected') throw new DomainError('ALREADY_APPEALED', MESSAGES.appealAlreadyReviewed, 409);
  const text = c.text.trim();
  if (text.length > POST_LIMITS.appealMax) throw new DomainError('VALIDATION_FAILED', MESSAGES.appealTooLong, 400);
  const against = { moderatorId: hiding.moderatorId, reason: hiding.reason, at: hiding.at };
  return [{ type: 'PostAppealed', data: { postId: s.postId!, userId: c.actorId, text, hiding: against, at: c.now } }];
}

export const postDecider: Decider<PostState, PostCommand, PostEvent> = { initialState, evolve, decide };
